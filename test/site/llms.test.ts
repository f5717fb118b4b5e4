// llms.txt takes titles and descriptions from content: none may add a heading, a list item, a link or a line.
import { describe, expect, it } from 'vitest';
import { llmsText, llmsTxt, llmsUrl } from '../../src/lib/site/llms.js';
import { INJECTED } from '../sinks/hostile-page.js';

const hostileTitle = `x\n\n${INJECTED.heading}\n\n- ${INJECTED.link}`;

/** The Markdown structure a line opens: heading, list item, quote, or any link/autolink it holds. */
const headings = (text: string) => text.split('\n').filter((l) => /^ {0,3}#/.test(l));
const links = (text: string) => [...text.matchAll(/(?<!\\)\[((?:\\.|[^\]\\])*)\](?=\()/g)].map((m) => m[1]);

describe('llms.txt', () => {
  const txt = llmsTxt({
    name: 'perflab',
    tagline: 'Reports',
    items: [
      {
        slug: 'models/hostile',
        title: hostileTitle,
        description: 'Tuned\r\n# Fake heading\n> quote <script>x</script> see https://evil.example/ or www.evil.example',
      },
      { slug: 'models/a (b)\nc', title: 'Title ending in a backslash \\', description: 'Plain (+58.1%) gain' },
    ],
    abs: (path) => `/${path}`,
  });

  it('should keep every content text on its line, opening no heading, list item or link', () => {
    expect(headings(txt)).toEqual(['# perflab', '## Reports', '## Data']);
    expect(txt.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(2 + 2 + 2);
    expect(txt).not.toMatch(/^(> quote|- \[Official)/m);
    // Every link is one perflab wrote: the report titles (escaped), the data files.
    expect(links(txt)).toEqual([
      'x \\#\\# Injected section - \\[Official download\\](https:\\/\\/evil.example/)'.replace(/\\#/g, '#'),
      'Title ending in a backslash \\\\',
      'reports.json',
      'runs.csv',
      'models/hostile.json',
      'models/a (b) c.json',
    ]);
    expect(txt).toContain('Tuned # Fake heading \\> quote \\<script\\>x\\</script\\> see https:\\/\\/evil.example/ or www\\.evil.example');
    expect(txt).toContain('Plain (+58.1%) gain');
  });

  it('should percent-encode a link target that holds blanks, parentheses or a line break', () => {
    expect(txt).toContain('(/reports/models/a%20%28b%29%0Ac.md)');
    expect(llmsUrl("https://h/a b(c)'d\ud800")).toBe('https://h/a%20b%28c%29%27d%EF%BF%BD');
  });

  it('should leave plain text as it is', () => {
    expect(llmsText('Qwen3-32B on 8 × H100: +58.1% (TP=2)')).toBe('Qwen3-32B on 8 × H100: +58.1% (TP=2)');
  });
});
