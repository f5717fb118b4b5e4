/**
 * `claim-unreadable` (warning): A table cell states a value perflab cannot read as a number (`NaN`, `Infinity`, digits of another script), so it is not checked.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#claim-unreadable shows them.
 */
import { emit } from '../diagnostics.js';
import { conclusionTable, reportPage } from './shared/examples.js';
import type { Rule } from './types.js';

/** A Conclusion row whose Total TPS cells state `baseline` and `optimized`. */
const page = (baseline: string, optimized: string) =>
  reportPage({
    title: 'Optimizing Demo-8B Throughput',
    conclusion: [conclusionTable(`Total TPS: ${baseline}`, `Total TPS: ${optimized} (+50.0%)`)],
  });

// Words that stand where a number should (constant alternatives: linear).
const NOT_A_NUMBER = /(?<![\p{L}\p{N}])(?:NaN|nan|Infinity|infinity|inf)(?![\p{L}\p{N}])/u;

/** The first unreadable value in a cell's text: a non-number word, or a digit of a script other than ASCII. */
function unreadable(text: string): string | null {
  const word = NOT_A_NUMBER.exec(text);
  if (word) return word[0];
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') continue;
    if (/\p{Nd}/u.test(ch)) return ch;
  }
  return null;
}

/**
 * Conclusion cells and summary-of-options cells whose value is not an ASCII decimal number: no claim is made of
 * them, so a reader would see them unmarked. A warning: the value may be right, but nothing checks it.
 */
export const claimUnreadable: Rule = {
  id: 'claim-unreadable',
  severity: 'warning',
  description:
    'A table cell states a value perflab cannot read as a number (`NaN`, `Infinity`, digits of another script), so it is not checked.',
  fix: 'Write the value as the run prints it, in ASCII digits (`1234.56`); if the run failed, say so in words (`crash`, `-`).',
  examples: { ok: page('100.00', '150.00'), notOk: page('NaN', '١٥٠٫٠٠') },
  check({ report, file }) {
    const cells = [
      ...report.conclusion.flatMap((row) => [row.baseline, row.optimized]),
      ...report.summary.flatMap((row) => row.cells.map((text) => ({ text, line: row.line, column: 1 }))),
    ];
    for (const cell of cells) {
      const value = unreadable(cell.text);
      if (value === null) continue;
      emit(
        file,
        'claim-unreadable',
        'warning',
        cell,
        `Unexpected \`${value}\` in a table cell: perflab reads ASCII decimal numbers only, so this value is not checked`,
        {
          expected: 'an ASCII decimal number',
          actual: value,
        },
      );
    }
  },
};
