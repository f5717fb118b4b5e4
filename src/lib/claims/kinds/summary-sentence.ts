/**
 * `- Summary:` sentences (P6/P7): the two named variants' values, the winner's difference and relative change,
 * and the TPOT/TTFT comparisons, each recomputed from the named variants' runs.
 */
import type { Paragraph } from 'mdast';
import { checkDifference, checkRatio, checkRelativePercent, checkValue, type CheckResult, type Operand } from '../check.js';
import { parseSummarySentence, type SummarySentence } from '../summary-sentence.js';
import type { Stated } from '../stated.js';
import type { Claim } from '../../schemas/claim.js';
import type { Experiment } from '../../schemas/report.js';
import type { Run } from '../../schemas/run.js';
import { MEAN_REQUEST_LATENCY, valueOf, type Found } from '../verify/sources.js';
import { runsOf, variantNamed } from '../verify/variants.js';
import { experimentOf, reportProse } from './prose.js';
import { claimKind } from './types.js';

interface Candidate {
  node: Paragraph;
  base: number;
  sentence: SummarySentence;
  experiment: Experiment | null;
  /** The paragraph sits in this experiment (false: the page's first experiment stands in for it). */
  own: boolean;
}

export const summarySentence = claimKind<Candidate>({
  kind: 'summary-sentence',
  exclusive: true,
  find(site, ctx) {
    const prose = reportProse(site, ctx);
    if (!prose || !/summary\s*:/i.test(prose.raw)) return [];
    const sentence = parseSummarySentence(prose.raw);
    return sentence
      ? [{ node: prose.node, base: prose.base, sentence, experiment: experimentOf(prose.site, ctx), own: !!prose.site.experiment }]
      : [];
  },
  verify({ sentence: s, base, experiment, own }, ctx) {
    const out: Claim[] = [];
    const add = (stated: Stated, result: CheckResult | null, found: Found | null) =>
      out.push(ctx.claim('summary-number', stated, base, result, found?.source ?? null));
    const metric = s.kind === 'latency' ? MEAN_REQUEST_LATENCY : 'total_token_throughput';
    // Each named variant's run: the one that prints the stated value, else its only run (when the paragraph is in
    // that experiment); a variant of several runs none of which prints it, or a stand-in experiment, is no source.
    const runs: Array<Run | null> = s.values.map((v) => {
      const variant = variantNamed(experiment, v.name);
      const pool = variant ? runsOf(ctx, variant) : [];
      const printed = ctx.byValue(metric, v.value).find((f) => pool.includes(f.run));
      if (printed) return printed.run;
      return own && pool.length === 1 ? pool[0] : null;
    });
    const operand = (i: number, name: string): Found | null => {
      const run = runs[i];
      return run ? valueOf(ctx.path, run, name) : null;
    };
    s.values.forEach((v, i) => {
      const f = operand(i, metric);
      add(v.value, f ? checkValue(v.value, f.operand, { label: metric }) : null, f);
    });
    const a = operand(0, metric);
    const b = operand(1, metric);
    if (s.winner) {
      add(s.winner.difference, a && b ? checkDifference(s.winner.difference, a.operand, b.operand) : null, a);
      if (s.winner.relative) add(s.winner.relative, a && b ? relative(s.winner.relative, a.operand, b.operand) : null, a);
    }
    for (const c of s.comparisons) {
      const name = /ttft/i.test(c.metric) ? 'mean_ttft_ms' : /itl/i.test(c.metric) ? 'mean_itl_ms' : 'mean_tpot_ms';
      const ca = operand(0, name);
      const cb = operand(1, name);
      add(c.a, ca ? checkValue(c.a, ca.operand, { label: name }) : null, ca);
      add(c.b, cb ? checkValue(c.b, cb.operand, { label: name }) : null, cb);
      add(c.difference, ca && cb ? checkDifference(c.difference, ca.operand, cb.operand) : null, ca);
      add(c.relative, ca && cb ? relative(c.relative, ca.operand, cb.operand, true) : null, ca);
    }
    return out;
  },
});

/** `(P%)` relative to the second-named value; `(Rx faster|slower)` as the larger over the smaller. */
function relative(stated: Stated, a: Operand, b: Operand, absolute = false): CheckResult {
  if (stated.role === 'ratio') {
    const [big, small] = a.value >= b.value ? [a, b] : [b, a];
    return checkRatio(stated, big, small, 'faster');
  }
  return checkRelativePercent(stated, a, b, { absolute });
}
