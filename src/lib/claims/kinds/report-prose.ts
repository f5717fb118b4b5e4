/**
 * Numbers in the prose of a report in the house layout (Conclusion table, Experiments with raw output) that no
 * other prose kind reads: `SGLang's mean TTFT is 7412.80 ms`, `throughput rises 15.0% over vLLM`. Each is traced to
 * the runs of the page as an essay's free prose is (`claims/essay/resolve.ts`): verified when a run prints it (or
 * two runs give it) within the stated rounding; a mismatch only when the sentence names one run (by its label,
 * `vLLM`, `FP8`) and an unambiguous metric (`mean TTFT`, `total token throughput`) and the value disagrees;
 * otherwise untraceable, with the candidate runs and why none is certain.
 *
 * Registered after the report prose kinds (summary sentence, transition, ranking), which are exclusive: a paragraph
 * one of them reads is not read again here.
 */
import type { Paragraph } from 'mdast';
import { namedRunsPage } from '../essay/page.js';
import { parseProseNumbers, type ProseNumber } from '../essay/sentence.js';
import { verifyFree } from './essay-prose.js';
import { reportProse } from './prose.js';
import { claimKind } from './types.js';

interface Candidate {
  node: Paragraph;
  base: number;
  number: ProseNumber;
}

export const reportProseNumbers = claimKind<Candidate>({
  kind: 'report-prose',
  find(site, ctx) {
    if (ctx.analysis.report.kind !== 'report') return [];
    const prose = reportProse(site, ctx);
    if (!prose || !namedRunsPage(ctx)) return [];
    return parseProseNumbers(prose.raw)
      .filter((n) => n.metric !== null)
      .map((number) => ({ node: prose.node, base: prose.base, number }));
  },
  verify({ node, base, number }, ctx) {
    const page = namedRunsPage(ctx);
    return page ? verifyFree(ctx, page, node, base, number) : [];
  },
});
