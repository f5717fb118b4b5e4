/**
 * `result-without-header` (warning): A result block starts on a metric line, without the benchmark tool's header line.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#result-without-header shows them.
 */
import { emit } from '../diagnostics.js';
import { formatOf, headerOf } from '../formats/registry.js';
import { engineChoicePage, H100_RUN, resultBlock } from './shared/examples.js';
import { codeBlocks } from '../model/tree.js';
import type { Rule } from './types.js';

/**
 * A result block read without its header line (`============ Serving Benchmark Result ============` or the
 * tool's banner): the benchmark-output parser opens a block on its first metric line so that the numbers are
 * still checked, but a block pasted without its first line may be missing other lines too, and its format is
 * guessed from the metric names alone.
 */
export const resultWithoutHeader: Rule = {
  id: 'result-without-header',
  severity: 'warning',
  description: "A result block starts on a metric line, without the benchmark tool's header line.",
  fix: 'Paste the whole output of the run, from its header line (`============ Serving Benchmark Result ============`) to its closing line.',
  examples: {
    ok: engineChoicePage(resultBlock({ metrics: H100_RUN })),
    notOk: engineChoicePage(resultBlock({ metrics: H100_RUN, banner: false })),
  },
  check({ report, tree, file }) {
    const fences = new Map(codeBlocks(tree).map((b) => [b.line, b]));
    for (const run of report.runs) {
      // A row of a table whose rows are runs has its header row above it: the splitter reads no row without one.
      if (run.failed || run.format === null || formatOf(run.format)?.table?.rows === 'runs') continue;
      const first = fences.get(run.fenceLine)?.body.find((l) => l.line === run.line);
      if (!first || headerOf(first.text.trim()) !== null) continue;
      emit(
        file,
        'result-without-header',
        'warning',
        { line: run.line, column: first.column },
        `Unexpected result block starting at \`${first.text.trim()}\`: its header line is missing`,
        { expected: 'the header line of the benchmark output', actual: `\`${first.text.trim()}\`` },
      );
    }
  },
};
