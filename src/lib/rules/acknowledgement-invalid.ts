/**
 * `acknowledgement-invalid` (warning): A `perflab-ignore` comment that is not a well-formed acknowledgement; it accepts nothing.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#acknowledgement-invalid shows them.
 */
import { ACK_FORM } from '../schemas/acknowledgement.js';
import { acknowledgedChart } from './shared/examples.js';
import type { Rule } from './types.js';

/**
 * An HTML comment outside code that mentions `perflab-ignore` but is not a well-formed acknowledgement
 * (`<!-- perflab-ignore rule-id: reason -->` on one line): no rule id, no or an empty reason, unclosed, split over
 * lines, upper case, or an unknown rule id. It accepts nothing, so the finding it meant still counts; this message
 * says what is wrong. Comments inside code (fenced, indented or inline) are text, never acknowledgements.
 * Found after the other rules (its `after` stage), on the comments the acknowledgement pass (`acknowledge.ts`)
 * read, each with what is wrong with it.
 */
export const acknowledgementInvalid = {
  id: 'acknowledgement-invalid',
  severity: 'warning',
  description: 'A `perflab-ignore` comment that is not a well-formed acknowledgement; it accepts nothing.',
  fix: 'Write it as `<!-- perflab-ignore rule-id: reason -->` on one line, lower-case rule id, with a reason; or delete it.',
  examples: {
    ok: acknowledgedChart('perflab-ignore', 'chart-kept-upstream.png'),
    notOk: acknowledgedChart('PERFLAB-IGNORE', 'chart-kept-upstream.png'),
  },
  after: ({ path, acks }) =>
    acks
      .filter((a) => a.problem !== undefined)
      .map((a) => ({
        file: path,
        line: a.line,
        column: a.column,
        ruleId: 'acknowledgement-invalid',
        severity: 'warning',
        message: `Acknowledgement ignored: ${a.problem}; expected \`${ACK_FORM}\``,
        expected: ACK_FORM,
        actual: a.problem,
      })),
} satisfies Rule;
