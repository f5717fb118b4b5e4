/**
 * `note-parameter-contradiction` (error): A note stating benchmark parameters contradicts the invocation of the runs below it.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#note-parameter-contradiction shows them.
 */
import { emit } from '../diagnostics.js';
import type { InlineCode } from 'mdast';
import type { VFile } from 'vfile';
import type { Report } from '../schemas/report.js';
import { benchmarkLog, releasePage, servingMetrics } from './shared/examples.js';
import { pageNodes } from '../model/tree.js';
import type { Rule } from './types.js';

/** A note stating `--num-prompts <prompts>` above a run invoked with `--num-prompts 1000`. */
const page = (prompts: number) =>
  releasePage(
    'SGLang v0.5.1',
    'gpt-oss-20b',
    `Note that the dataset settings have been changed to \`--dataset-name sharegpt --num-prompts ${prompts}\` to prevent crashes.`,
    benchmarkLog([
      {
        invocation: '--dataset-name sharegpt --num-prompts 1000 with backend: sglang',
        metrics: [['Backend', 'sglang'], ...servingMetrics({ requests: 1000, duration: '10.00', input: 1000, generated: 2000 })],
      },
    ]),
  );

/** Flags that identify a benchmark run's workload. */
const RUN_FLAG =
  /--(?:dataset-name|num-prompts|random-input-len|random-output-len|random-range-ratio|request-rate|max-concurrency|sharegpt-output-len|dataset-path|seed)\b/;

/**
 * A note that states run parameters (`the dataset settings have been changed to \`--dataset-name sharegpt
 * --num-prompts 10000\``) contradicted by the runs below it in the same section: among the runs whose
 * invocation (`Running benchmark ...` arguments) uses the note's `--dataset-name`, a flag the note states with
 * another value. A note whose dataset no run below it uses is reported too.
 */
export const noteParameterContradiction: Rule = {
  id: 'note-parameter-contradiction',
  severity: 'error',
  description: 'A note stating benchmark parameters contradicts the invocation of the runs below it.',
  fix: 'Make the note state the parameters the runs were invoked with, or re-run with the stated ones.',
  examples: { ok: page(1000), notOk: page(10000) },
  check({ report, file, tree }) {
    // Inline code outside headings: the flags a note states.
    for (const node of pageNodes(tree).inlineCodes) if (RUN_FLAG.test(node.value)) checkNote(report, file, node);
  },
};

/** One note's stated flags against the runs below it in its section. */
function checkNote(report: Report, file: VFile, node: InlineCode): void {
  const stated = parseFlags(node.value);
  const line = node.position?.start.line ?? 1;
  // The text after the opening backtick.
  const column = (node.position?.start.column ?? 1) + 1;
  // The section the note belongs to: up to the next heading at its level or above.
  const heading = [...report.headings].reverse().find((h) => h.line < line);
  const end = report.headings.find((h) => h.line > line && (!heading || h.depth <= heading.depth))?.line ?? Infinity;
  const runs = report.runs.filter((r) => r.line > line && r.line < end && r.invocation && !r.failed);
  if (runs.length === 0) return;
  const same = runs.filter((r) => {
    const have = parseFlags(firstLine(r.invocation!));
    return !stated.has('--dataset-name') || have.get('--dataset-name') === stated.get('--dataset-name');
  });
  if (same.length === 0) {
    emit(
      file,
      'note-parameter-contradiction',
      'error',
      { line, column },
      `Unexpected \`--dataset-name ${stated.get('--dataset-name')}\` in note: no run below it uses that dataset`,
      {
        expected: [...new Set(runs.map((r) => parseFlags(firstLine(r.invocation!)).get('--dataset-name') ?? '?'))].join(', '),
        actual: stated.get('--dataset-name') ?? '',
      },
    );
    return;
  }
  for (const run of same) {
    const have = parseFlags(firstLine(run.invocation!));
    const wrong = [...stated].filter(([name, value]) => have.has(name) && have.get(name) !== value);
    if (wrong.length === 0) continue;
    emit(
      file,
      'note-parameter-contradiction',
      'error',
      { line, column },
      `Unexpected ${wrong.map(([n, v]) => `\`${n} ${v}\``).join(', ')} in note, expected ${wrong.map(([n]) => `\`${n} ${have.get(n)}\``).join(', ')} as run at line ${run.line} was invoked`,
      {
        expected: wrong.map(([n]) => `${n} ${have.get(n)}`).join(' '),
        actual: wrong.map(([n, v]) => `${n} ${v}`).join(' '),
        cause: { file: report.path, line: run.line, note: 'run invocation' },
      },
    );
    return;
  }
}

const firstLine = (s: string) => s.split('\n')[0];

/** `--a b --c=d --e` -> {--a: b, --c: d, --e: ''}. */
function parseFlags(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const tokens = text.trim().split(/\s+/);
  for (let i = 0; i < tokens.length; i++) {
    const m = /^(--[\w-]+)(?:=(.*))?$/.exec(tokens[i]);
    if (!m) continue;
    if (m[2] !== undefined) out.set(m[1], m[2]);
    else if (tokens[i + 1] !== undefined && !tokens[i + 1].startsWith('--')) out.set(m[1], tokens[++i]);
    else out.set(m[1], '');
  }
  return out;
}
