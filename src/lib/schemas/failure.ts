/**
 * An exception caught where perflab's own code runs on a page (the Markdown parser, the page model, the claim
 * verification, a rule): what threw and where, as plain data. The code that catches it judges nothing; the
 * internal-error rule of that stage (one file in `rules/`) turns it into its message.
 */
export interface Failure {
  /** What was thrown. */
  error: unknown;
  /** The part that stopped, in the words its rule's message uses (a claim kind, a rule id, a step of the page model). */
  where: string;
  line: number;
  column: number;
}
