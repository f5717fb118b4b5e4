/**
 * Seeded pages of nested block structure built to trip a line model of fences: fences at every indent inside
 * admonitions, list items and block quotes, lazy lines, blank lines with spaces or tabs, tabs in indentation,
 * unclosed and mismatched fences, HTML blocks, indented code, tables, setext lines and front matter.
 */
import { rng, type Rng } from '../generalise/rng.js';

const FENCE_OPEN = ['```', '```bash', '````', '~~~', '~~~ text', '``` yaml {title="x"}', '```a`b', '``', '   ```', ' ~~~~'];
const FENCE_CLOSE = ['```', '````', '~~~', '  ```', '```  ', '``', '~~~~~', '``` x', '\t```', '   ```'];
const BODY = [
  'python3 -m sglang.launch_server --tp 2',
  '============ Serving Benchmark Result ============',
  'Successful requests:                     1000',
  '',
  '  ',
  '\t',
  '      ',
  '    indented',
  '\tTabbed',
  '```',
  '~~~',
  '- not a list',
  '!!! note',
  '> not a quote',
  '<div>',
  '| a | b |',
  '# not a heading',
  '---',
  '  - deep',
  'nul \u0000 byte',
  '\u0000',
  'bom \ufeff and \u2028 separators',
];
const PROSE = [
  'Some text with `code` and **bold**.',
  'Throughput: 1234.5 tok/s',
  '| Engine | tok/s |',
  '|---|---|',
  '| vLLM | 12 |',
  '# Heading',
  '### 1. Option',
  '---',
  '===',
  '***',
  '<!-- perflab-ignore x: y -->',
  '<!--',
  '-->',
  '<div>',
  '</div>',
  '<pre>',
  '</pre>',
  '<span>x</span> tail',
  '[ref]: https://example.com',
  '=== "vLLM"',
  'lazy line',
  '',
  '',
  '  ',
  '\t',
];
const ADMONITION = [
  '!!! note',
  '??? info "Benchmark result"',
  '???+ tip "Serving Command"',
  '!!! warning ""',
  '!!!note',
  '!!! "no kind"',
  '??? a b c "t"',
];
const LIST = ['- ', '* ', '+ ', '1. ', '2) ', '10. ', '-   ', '-\t', '-     ', '-'];

/** Container prefixes for one line: admonition bodies (4 spaces), list content, block quotes, sometimes off by one. */
function prefix(r: Rng, depth: number): string {
  let out = '';
  for (let d = 0; d < depth; d++) {
    const k = r.int(10);
    out += k < 5 ? '    ' : k < 7 ? '  ' : k < 8 ? '> ' : k < 9 ? '\t' : r.pick(['   ', ' ', '     ']);
  }
  return out;
}

function fence(r: Rng, depth: number, out: string[]): void {
  const p = prefix(r, depth);
  out.push(p + r.pick(FENCE_OPEN));
  const n = r.int(6);
  const same = r.next() < 0.8;
  for (let i = 0; i < n; i++) out.push((same ? p : prefix(r, depth)) + r.pick(BODY));
  if (r.next() < 0.9) out.push((same ? p : prefix(r, depth)) + r.pick(r.next() < 0.7 ? ['```', '~~~'] : FENCE_CLOSE));
}

function block(r: Rng, depth: number, out: string[], budget: number): void {
  const k = r.int(10);
  if (k < 3) fence(r, depth, out);
  else if (k < 5 && budget > 0) {
    out.push(prefix(r, depth) + r.pick(ADMONITION));
    const n = 1 + r.int(3);
    for (let i = 0; i < n; i++) block(r, depth + 1, out, budget - 1);
  } else if (k < 7 && budget > 0) {
    const marker = r.pick(LIST);
    out.push(prefix(r, depth) + marker + (r.next() < 0.5 ? r.pick(PROSE) : r.pick(FENCE_OPEN)));
    const n = r.int(3);
    for (let i = 0; i < n; i++) block(r, depth + 1, out, budget - 1);
  } else if (k < 8 && budget > 0) {
    out.push(prefix(r, depth) + '> ' + r.pick(PROSE));
    if (r.next() < 0.5) fence(r, depth, out);
  } else out.push(prefix(r, depth) + r.pick(PROSE));
  if (r.next() < 0.4) out.push(r.pick(['', '', '  ', '\t']));
}

/** One page from a seed. */
export function fencePage(seed: number): string {
  const r = rng(seed);
  const out: string[] = [];
  if (r.next() < 0.1) out.push('---', 'title: x', '---');
  const n = 2 + r.int(10);
  for (let i = 0; i < n; i++) block(r, 0, out, 3);
  const text = out.join('\n');
  return r.next() < 0.2 ? text.replace(/\n/g, '\r\n') : r.next() < 0.2 ? `${text}\n` : text;
}

const EDITS: Array<(line: string, r: Rng) => string[]> = [
  () => [],
  (line) => [line, ''],
  (line, r) => [r.pick(['', ' ', '  ', '    ', '\t', '>', '> ', '- ', '1. ']) + line],
  (line) => [line.replace(/^ {1,4}/, '')],
  (line, r) => [line.replace(/`{3,}|~{3,}/, r.pick(['~~~', '````', '``', '```', '~~~~']))],
  (line, r) => [line, r.pick(FENCE_CLOSE)],
  (line, r) => [line, r.pick(BODY)],
  (line, r) => [line, r.pick(PROSE)],
  (line) => [line.replace(/^( *)/, '$1\t')],
  (line) => [`${line} \u0000`],
];

/** A real page with a few random line edits (drop, indent, unindent, retype a fence, insert a line): near misses. */
export function mutate(text: string, seed: number): string {
  const r = rng(seed);
  const lines = text.split('\n');
  const n = 1 + r.int(4);
  for (let i = 0; i < n; i++) {
    const at = r.int(lines.length);
    lines.splice(at, 1, ...r.pick(EDITS)(lines[at] ?? '', r));
  }
  return lines.join('\n');
}
