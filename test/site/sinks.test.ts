// The hostile site's build (test/site/hostile.ts, with the page of test/sinks/hostile-page.ts): no content starts a
// line of the build log or sends ESC to it, every runs.csv cell is quoted and defused, llms.txt has only its own
// headings and links.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hostileSite, type HostileBuild } from './hostile.js';
import { INJECTED } from '../sinks/hostile-page.js';

let site: HostileBuild;
beforeAll(async () => {
  site = await hostileSite();
}, 300_000);

/** RFC 4180 fields of a CSV text: each row's cells as written (quotes kept), so a test can see how each was quoted. */
function csvCells(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let end = i;
    if (text[i] === '"') {
      end = i + 1;
      while (end < text.length && !(text[end] === '"' && text[end + 1] !== '"')) end += text[end] === '"' ? 2 : 1;
      end++;
    } else {
      while (end < text.length && text[end] !== ',' && text[end] !== '\r') end++;
    }
    row.push(text.slice(i, end));
    if (text[end] === ',') i = end + 1;
    else {
      rows.push(row);
      row = [];
      i = end + 2; // CRLF
    }
  }
  return rows;
}

const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

describe('hostile site build: every sink escapes what it takes from content', () => {
  it('should log the findings of the hostile page on their own lines, with no ESC and no line starting with content', () => {
    expect(site.log).not.toContain('\u001b');
    expect(site.log.split('\n').filter((l) => /^\s*::/.test(l))).toEqual([]);
    expect(site.log).toMatch(/sinks\.md:11:1 {2}warning {2}Unexpected image `nope\.png\\n::error file=README\.md,line=1::FAKE\\e\[31m`/);
  });

  it('should quote every runs.csv cell holding a separator and defuse every formula starter, also after a `;`', () => {
    const rows = csvCells(readFileSync(join(site.dist, 'data', 'runs.csv'), 'utf8'));
    const width = rows[0].length;
    expect(rows.every((r) => r.length === width)).toBe(true);
    const cells = rows.flat();
    expect(cells).toContain(`"BS=4;'${INJECTED.formula}"`);
    for (const c of cells) {
      const quoted = c.startsWith('"');
      if (!quoted) expect(c).not.toMatch(/[",;\t\r\n]/);
      const text = quoted ? c.slice(1, -1).replace(/""/g, '"') : c;
      for (const part of text.split(/[,;\t\r\n]/)) {
        const t = part.trimStart();
        if (/^[=+\-@]/.test(t)) expect(NUMBER.test(t.trimEnd()), c).toBe(true);
      }
    }
  });

  it('should give llms.txt no heading, list item or link from a title', () => {
    const txt = readFileSync(join(site.dist, 'llms.txt'), 'utf8');
    expect(txt.split('\n').filter((l) => l.startsWith('#'))).toEqual(['# perflab', '## Reports', '## Data']);
    expect(txt).not.toContain(`\n${INJECTED.heading}`);
    expect(txt).not.toContain(`- ${INJECTED.link}`);
    expect(txt).not.toMatch(/\]\(https:\/\/evil/);
    expect(txt).toContain('\\[Official download\\](https:\\/\\/evil.example/)');
  });
});
