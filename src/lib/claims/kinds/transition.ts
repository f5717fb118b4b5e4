/**
 * Transitions (P3/P4): `Throughput improved from X to Y`, each end traced to a run of the paragraph's experiment,
 * and the `achieving P% higher (per GPU)` that follows recomputed from the two stated ends.
 */
import type { Paragraph } from 'mdast';
import { checkPercentChange } from '../check.js';
import { parseTransitions, type Transition } from '../transition.js';
import type { Claim, ClaimSource } from '../../schemas/claim.js';
import type { Experiment } from '../../schemas/report.js';
import { resolveValue } from '../verify/resolve.js';
import { experimentRuns } from '../verify/variants.js';
import { essayPage } from '../essay/page.js';
import { reportProse } from './prose.js';
import { claimKind } from './types.js';

interface Candidate {
  node: Paragraph;
  base: number;
  transition: Transition;
  /** The whole paragraph says `per GPU`. */
  perGpu: boolean;
  experiment: Experiment | null;
}

export const transition = claimKind<Candidate>({
  kind: 'transition',
  exclusive: true,
  find(site, ctx) {
    // A write-up's `from A to B` names its own metric (`TTFT drops from 3.35 s to 2.30 s`): its prose kind reads it.
    if (essayPage(ctx)) return [];
    const prose = reportProse(site, ctx);
    if (!prose) return [];
    const perGpu = /per gpu/i.test(prose.raw);
    return parseTransitions(prose.raw).map((t) => ({
      node: prose.node,
      base: prose.base,
      transition: t,
      perGpu,
      experiment: prose.site.experiment,
    }));
  },
  verify({ transition: t, base, perGpu, experiment }, ctx) {
    const runs = experimentRuns(ctx, experiment);
    const from = resolveValue(ctx, 'total_token_throughput', t.from, { preferred: runs });
    const to = resolveValue(ctx, 'total_token_throughput', t.to, { preferred: runs });
    const out: Claim[] = [
      ctx.claim('transition', t.from, base, from.result, from.found?.source ?? null, from.elsewhere ? [from.elsewhere.source] : []),
      ctx.claim('transition', t.to, base, to.result, to.found?.source ?? null, to.elsewhere ? [to.elsewhere.source] : []),
    ];
    if (t.percent) {
      const result = checkPercentChange(t.percent, t.from, t.to, t.percent.perGpu || perGpu ? { perGpu: t.gpus ?? undefined } : {});
      const sources = [to.found?.source, from.found?.source].filter((s): s is ClaimSource => !!s);
      const unsourced = from.result?.verdict !== 'verified' || to.result?.verdict !== 'verified';
      out.push(ctx.claim('transition', t.percent, base, result, sources[0] ?? null, sources.slice(1), { unsourced }));
    }
    return out;
  },
});
