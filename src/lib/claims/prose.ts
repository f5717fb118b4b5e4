/** Prose claim parsers (FORMATS.md 5), one form per file; gathered here for the page-model layer. */
export { parseRanking, type Ranking, type RankingEntry, type RankingRelation } from './ranking.js';
export { parseTransitions, type Transition } from './transition.js';
export { parseSummarySentence, type SummarySentence, type SummaryValue, type SummaryComparison } from './summary-sentence.js';
export { parseEssayClaims, type EssayClaim } from './essay-prose.js';
