/**
 * `duplicate-block-across-pages` (warning): A result block has the same metric values as a block on another page.
 *
 * Examples: `examples` below holds an ok and a not-ok page and the page both are checked together with; the tests check
 * them and docs/rules.md#duplicate-block-across-pages shows them.
 */
import { emit } from '../diagnostics.js';
import { reportPage, resultBlock, servingMetrics } from './shared/examples.js';
import type { Rule } from './types.js';
import type { PageView, ViewRun } from '../schemas/report.js';

/** A report of the given title whose results are vLLM runs of 100 requests lasting the given durations. */
const page = (title: string, durations: string[]) =>
  reportPage({
    title,
    results: [
      '### 1. Choosing the Inference Engine',
      ...durations.map((duration) => resultBlock({ metrics: servingMetrics({ requests: 100, duration, input: 1000, generated: 2000 }) })),
    ],
  });

/**
 * A result block (same fingerprint, not a failed run) printed on two different pages. One page may show a
 * run twice (an engine-selection run re-used as a case baseline); two pages sharing a run means one of them
 * reports a measurement it did not make.
 */
export const duplicateBlockAcrossPages: Rule = {
  id: 'duplicate-block-across-pages',
  severity: 'warning',
  description: 'A result block has the same metric values as a block on another page.',
  fix: "Paste this page's own run; if the same run is meant to be shared, link to the other page instead of copying it.",
  examples: {
    ok: page('Optimizing Demo-14B Throughput', ['20.00', '20.00']),
    notOk: page('Optimizing Demo-14B Throughput', ['10.00']),
    context: page('Optimizing Demo-8B Throughput', ['10.00']),
  },
  check({ report, file, reports }) {
    for (const run of report.runs) {
      if (run.failed || run.format === null || Object.keys(run.metrics).length < 4) continue;
      for (const { other, twin } of byFingerprint(reports).get(run.fingerprint) ?? []) {
        if (other.path === report.path) continue;
        emit(
          file,
          'duplicate-block-across-pages',
          'warning',
          { line: run.line, column: 1 },
          `Unexpected result block identical to \`${other.path}\` line ${twin.line}; each page should report its own runs`,
          {
            expected: 'a block measured for this page',
            actual: `same metrics as ${other.path}:${twin.line}`,
            cause: { file: other.path, line: twin.line, note: 'the same block' },
          },
        );
        break;
      }
    }
  },
};

const indexes = new WeakMap<readonly PageView[], Map<string, Array<{ other: PageView; twin: ViewRun }>>>();

/** Runs of every page by fingerprint, built once per set of pages (the rule runs once per page). */
function byFingerprint(reports: readonly PageView[]) {
  let index = indexes.get(reports);
  if (!index) {
    index = new Map();
    for (const other of reports) {
      const seen = new Set<string>();
      for (const twin of other.runs) {
        if (twin.failed || seen.has(twin.fingerprint)) continue;
        seen.add(twin.fingerprint);
        const list = index.get(twin.fingerprint);
        if (list) list.push({ other, twin });
        else index.set(twin.fingerprint, [{ other, twin }]);
      }
    }
    indexes.set(reports, index);
  }
  return index;
}
