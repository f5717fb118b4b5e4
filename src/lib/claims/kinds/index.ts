/**
 * The registry of claim kinds. Each site of a page is offered to the kinds in this order; a new kind is one file
 * (`{ kind, find, verify }`, see `types.ts`) and one line here.
 */
import { chainTable } from './chain-table.js';
import { comparisonTable } from './comparison-table.js';
import { essayProse } from './essay-prose.js';
import { essayTable } from './essay-table.js';
import { proseOrder } from './prose-order.js';
import { ranking } from './ranking.js';
import { reportProseNumbers } from './report-prose.js';
import { summarySentence } from './summary-sentence.js';
import { transition } from './transition.js';
import type { ClaimKindModule } from './types.js';
import { workedArithmetic } from './worked-arithmetic.js';

export const claimKinds: readonly ClaimKindModule[] = [
  comparisonTable,
  chainTable,
  essayTable,
  // Prose of reports: a paragraph is a summary sentence, else a transition, else a ranking (each is exclusive).
  summarySentence,
  transition,
  ranking,
  essayProse,
  // Any other number of a report's prose, traced to the page's runs.
  reportProseNumbers,
  // Orders stated in words or symbols (`X is the fastest`, `A > B`), judged on the named runs.
  proseOrder,
  // Arithmetic worked out in a plain fence.
  workedArithmetic,
];

export type { Candidate, ClaimKindModule } from './types.js';
