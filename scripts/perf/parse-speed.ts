// Prints parsing and checking speed (MB/s, medians of 5 passes) over content/ and ../shared/corpus.
// A measurement script, not a test: these machines are shared and noisy, so nothing here asserts a time.
// Run: node scripts/dev/run-ts.mjs scripts/perf/parse-speed.ts
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFence } from '../../src/lib/formats/index.js';
import { parseMarkdown } from '../../src/lib/markdown/index.js';
import { analyze, checkAll } from '../../src/lib/pipeline.js';

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => join(e.parentPath, e.name));
}

const texts = [...files('content'), ...files(join('..', 'shared', 'corpus'))].map((f) => readFileSync(f, 'utf8'));
const mb = texts.reduce((n, t) => n + Buffer.byteLength(t), 0) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function time(label: string, fn: () => void, megabytes = mb) {
  fn();
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    fn();
    runs.push((performance.now() - t) / 1000);
  }
  const s = median(runs);
  console.log(`${label.padEnd(34)} ${megabytes.toFixed(2)} MB  median ${(s * 1000).toFixed(0)} ms  ${(megabytes / s).toFixed(1)} MB/s`);
}

const fences = texts.flatMap((t) => (parseMarkdown(t).tree.children.length ? [t] : []));
console.log(`${texts.length} files`);
time('markdown (micromark + admonitions)', () => texts.forEach((t) => parseMarkdown(t)));
const codes: Array<{ value: string }> = [];
for (const t of fences) {
  const walk = (n: { type: string; value?: string; children?: unknown[] }) => {
    if (n.type === 'code' && n.value) codes.push({ value: n.value });
    (n.children as (typeof n)[] | undefined)?.forEach(walk);
  };
  walk(parseMarkdown(t).tree as never);
}
const codeMb = codes.reduce((n, c) => n + c.value.length, 0) / 1e6;
time(
  'benchmark formats (fences only)',
  () => codes.forEach((c) => parseFence({ value: c.value, fenceLine: 1, contentLine: 2, column: 1, lang: null }, { expectResult: false })),
  codeMb,
);
time('analyze + checkAll (whole pipeline)', () => void checkAll(texts.map((t, i) => analyze(t, `page-${i}.md`))));
