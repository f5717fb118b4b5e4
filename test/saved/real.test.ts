// Real saved result files from public repositories (test/fixtures/saved/real/<format>/, SOURCE.md in each): each is
// read by its format with no problem, every metric's JSON pointer leads to the value it holds at full precision, and
// a page linking the file has its runs with no finding against them (the tools' own identities hold on them).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { savedRuns } from '../../src/lib/formats/saved/runs.js';
import { check } from '../../src/lib/pipeline.js';

const REAL = join(import.meta.dirname, '..', 'fixtures', 'saved', 'real');

/** The console format each folder's runs belong to. */
const CONSOLE: Record<string, string> = {
  'vllm-result': 'vllm',
  'sglang-jsonl': 'sglang',
  'llama-bench': 'llama-bench',
  'aiperf-json': 'genai-perf',
  'genai-perf-json': 'genai-perf',
  'guidellm-json': 'guidellm-console',
  'mlperf-summary': 'mlperf',
};

/** The value a JSON pointer names in a parsed document (RFC 6901). */
function at(doc: unknown, pointer: string): unknown {
  let v: unknown = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    v = Array.isArray(v) ? v[Number(key)] : (v as Record<string, unknown>)?.[key];
  }
  return v;
}

/** The file parsed independently of the reader: JSON, or one JSON value per line; Python's bare NaN/Infinity as null. */
function parsed(text: string, jsonl: boolean): unknown {
  const strict = (t: string) => JSON.parse(t.replace(/(?<=[:,[]\s*)-?(?:NaN|Infinity)(?=\s*[,}\]])/g, 'null')) as unknown;
  return jsonl
    ? text
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map(strict)
    : strict(text);
}

const files = readdirSync(REAL).flatMap((format) =>
  readdirSync(join(REAL, format))
    .filter((f) => /\.jsonl?$|\.txt$/.test(f))
    .map((name) => ({ format, name, text: readFileSync(join(REAL, format, name), 'utf8') })),
);

describe('real saved result files', () => {
  it('should hold at least two files of two repositories per format', () => {
    for (const format of Object.keys(CONSOLE)) {
      const of = files.filter((f) => f.format === format);
      expect(of.length, format).toBeGreaterThanOrEqual(2);
      expect(new Set(of.map((f) => f.name.split('-')[0])).size, format).toBeGreaterThanOrEqual(2);
    }
  });

  for (const { format, name, text } of files) {
    it(`should read ${format}/${name} with every number where its pointer says`, () => {
      const jsonl = name.endsWith('.jsonl');
      const read = savedRuns(text, name, { url: name, line: 1, column: 1 });
      if (name.endsWith('.txt')) {
        // A labelled text: each pointer names a label whose line prints the value, read here by the line itself.
        expect(read.problems).toEqual([]);
        let numbers = 0;
        for (const { draft } of read.runs) {
          expect(draft.format).toBe(CONSOLE[format]);
          for (const m of Object.values(draft.metrics)) {
            const label = m.pointer!.slice(1).replace(/~1/g, '/').replace(/~0/g, '~');
            const line = text.split('\n').find(
              (l) =>
                l.trim().startsWith(label) &&
                l
                  .slice(l.indexOf(label) + label.length)
                  .trim()
                  .startsWith(':'),
            );
            expect(line, `${name}#${m.pointer}`).toBeDefined();
            expect(line!.slice(line!.indexOf(':') + 1).trim(), `${name}#${m.pointer}`).toBe(m.text);
            if (typeof m.value === 'number') numbers++;
          }
        }
        expect(numbers).toBeGreaterThan(3);
        return;
      }
      expect(read.problems).toEqual([]);
      expect(read.runs.length).toBeGreaterThan(0);
      for (const f of read.formats) expect(f.startsWith(format), f).toBe(true);
      const doc = parsed(text, jsonl);
      let numbers = 0;
      for (const { draft } of read.runs) {
        expect(draft.format).toBe(CONSOLE[format]);
        for (const m of Object.values(draft.metrics)) {
          const v = at(doc, m.pointer!);
          if (typeof m.value === 'number' && Number.isFinite(m.value)) {
            expect(v, `${name}#${m.pointer}`).toBe(m.value);
            numbers++;
          } else if (typeof v === 'string') expect(m.text).toBe(v);
        }
      }
      expect(numbers).toBeGreaterThan(3);
    });
  }

  it('should give a page linking each real file its runs, with no finding against them', () => {
    const root = mkdtempSync(join(tmpdir(), 'perflab-real-saved-'));
    const content = join(root, 'content');
    mkdirSync(join(content, 'r', 'results'), { recursive: true });
    const links = files.map((f, i) => {
      const file = `${i}-${f.name}`;
      writeFileSync(join(content, 'r', 'results', file), f.text);
      return `- [${f.format}](results/${file})`;
    });
    const source = `# Saved results\n\n## Runs\n\n${links.join('\n')}\n`;
    writeFileSync(join(content, 'r', 'index.md'), source);
    const [{ report }] = check([{ source, path: 'r/index.md', absolutePath: join(content, 'r', 'index.md') }]);
    const expected = files.reduce((n, f) => n + savedRuns(f.text, f.name, { url: '', line: 1, column: 1 }).runs.length, 0);
    expect(report.runs).toHaveLength(expected);
    expect(report.savedFiles?.every((s) => s.runs.length > 0 && /^[0-9a-f]{64}$/.test(s.digest))).toBe(true);
    const findings = report.messages.filter((m) => m.severity !== 'info').map((m) => `${m.ruleId}: ${m.message}`);
    expect(findings).toEqual([]);
  });
});
