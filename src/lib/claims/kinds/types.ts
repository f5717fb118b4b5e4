import type { Nodes } from 'mdast';
import type { ClaimSite } from '../../model/sites.js';
import type { Claim } from '../../schemas/claim.js';
import type { PageContext } from '../verify/context.js';

/** What a kind's `find` returns: a piece of a claim site that states numbers, attached to its node. */
export interface Candidate {
  /** The node the numbers are stated in (a paragraph, a table, a table row). */
  node: Nodes;
}

/**
 * One kind of claim, one module: `find` reads a claim site and returns the candidates it states (attached to
 * their node), `verify` gives each candidate's claims their verdicts. Register the module in `kinds/index.ts`.
 */
export interface ClaimKindModule<C extends Candidate = Candidate> {
  /** The module's name (`ranking`, `comparison-table`); the claims it makes carry a `ClaimKind` of the schema. */
  kind: string;
  /**
   * When true, a site where this kind finds something is not offered to the kinds registered after it (a
   * paragraph is a summary sentence, else a transition, else a ranking).
   */
  exclusive?: boolean;
  find(site: ClaimSite, ctx: PageContext): C[];
  /** The claims of one candidate with their verdicts, in the order they are stated. */
  verify(candidate: C, ctx: PageContext): Claim[];
}

/** Erase a module's candidate type for the registry (its `find` and `verify` still agree on it). */
export function claimKind<C extends Candidate>(module: ClaimKindModule<C>): ClaimKindModule {
  return module as unknown as ClaimKindModule;
}
