/**
 * `benchmark-bad-value` (warning): A metric line of a result block holds a value that is not a number of its kind.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-bad-value shows them.
 */
import { engineChoicePage, H100_RUN, resultBlock } from './shared/examples.js';
import { noteRule } from './shared/notes.js';

/**
 * A known metric line (`Request throughput (req/s):`) whose value is not a number, `inf` or `N/A` where a number
 * is due, or a count that is not a whole number. The metric is kept without a value, so claims from it are
 * untraceable rather than wrong. The benchmark-output parser (`src/lib/formats/block.ts`) records it as a note; this rule says it.
 */
/** What each kind of bad value should have been. */
const EXPECTED = {
  'not-a-number': 'a number, `inf` or `N/A`',
  'too-precise': 'a number with at most 17 significant digits, `inf` or `N/A`',
  duration: 'a positive, finite duration',
  infinite: 'a finite number (only a request rate may be `inf`)',
} as const;

export const benchmarkBadValue = noteRule({
  id: 'benchmark-bad-value',
  severity: 'warning',
  description: 'A metric line of a result block holds a value that is not a number of its kind.',
  fix: "Paste the tool's output unedited; a value such as `12.5.3` or an empty value means the line was edited or cut.",
  examples: {
    ok: engineChoicePage(resultBlock({ metrics: H100_RUN })),
    notOk: engineChoicePage(
      resultBlock({ metrics: H100_RUN.map(([name, value]) => [name, name.startsWith('Request') ? '15.6.2' : value] as const) }),
    ),
  },
  say: (n) => ({
    message: `Unexpected value \`${n.text}\` for \`${n.label}\``,
    expected: EXPECTED[n.problem],
    actual: n.detail,
  }),
});
