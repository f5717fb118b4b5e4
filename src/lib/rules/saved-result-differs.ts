/**
 * `saved-result-differs` (error): A run pasted as console output differs from the same run's saved result file.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#saved-result-differs shows them.
 */
import { emit } from '../diagnostics.js';
import { twinDifferences } from '../model/saved-twin.js';
import { demoRun, engineChoicePage, resultBlock } from './shared/examples.js';
import type { Rule } from './types.js';

/** The console block of the run the example's saved file holds, its output rate as given, and the link to the file. */
const page = (outputRate: string) =>
  engineChoicePage(
    resultBlock({ metrics: demoRun(outputRate) }),
    'The same run, as `--save-result` saved it: [result](saved/vllm-result.json).',
  );

/**
 * A run shown twice, pasted from the console and linked as the file the tool saved (the same format, and the same
 * request and token counts; or, without counts, the same label and values), is one run: the page's views list it
 * once. Each value the console prints is the saved value rounded to the printed digits; one that is not (formula
 * |saved - printed| <= 0.5 x 10^-decimals, on every metric both hold) was edited or copied from another run, and the
 * page cannot be both. An error, at the printed line, naming the saved field.
 */
export const savedResultDiffers: Rule = {
  id: 'saved-result-differs',
  severity: 'error',
  description: "A run pasted as console output differs from the same run's saved result file.",
  fix: 'Paste the console output of the run the file saved (or link the file of the run pasted); never edit either.',
  formula: '|saved - printed| <= 0.5 x 10^-d, d the printed decimals, on every metric both hold',
  examples: { ok: page('2812.50'), notOk: page('2821.50'), folder: 'docs' },
  check({ report, file }) {
    const byId = new Map(report.runs.map((r) => [r.id, r]));
    for (const run of report.runs) {
      const twin = run.repeatOf === null ? undefined : byId.get(run.repeatOf);
      if (!twin || !run.saved === !twin.saved) continue;
      const [console, saved] = run.saved ? [twin, run] : [run, twin];
      for (const d of twinDifferences(console, saved)) {
        emit(
          file,
          'saved-result-differs',
          'error',
          { line: d.printed.line, column: d.printed.column },
          `Unexpected \`${d.printed.text}\` for ${d.printed.label}: the same run's saved result ${d.saved.label} holds ${d.saved.text} (the saved result linked on line ${saved.line})`,
          { expected: `${d.saved.text} at ${d.printed.decimals} decimals`, actual: d.printed.text },
        );
      }
    }
  },
};
