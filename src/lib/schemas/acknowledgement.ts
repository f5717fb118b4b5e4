/** `<!-- perflab-ignore rule-id: reason -->`: accepts one finding of that rule, with the reason shown. */
export interface AckComment {
  ruleId: string;
  reason: string;
  line: number;
  /** 1-based column of the comment's `<!--`. */
  column: number;
  /** Last line the comment can reach: the end of the next block (first blank line after it). */
  reach: number;
  /** Set when the comment looks like an acknowledgement but is not one: it accepts nothing and is reported. */
  problem?: string;
}

/** The one well-formed shape of an acknowledgement, as messages quote it. */
export const ACK_FORM = '<!-- perflab-ignore rule-id: reason -->';
