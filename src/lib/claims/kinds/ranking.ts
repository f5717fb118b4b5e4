/**
 * Rankings (P1/P2): `Result: A (x tok/s) > B (y tok/s)`, `Mean latency per request: A (1.61 s) < B (1.68 s)`.
 * Each value is traced to its variant's run; each relation symbol is judged on the runs' values where the runs
 * are known, so a wrong number cannot hide a wrong order.
 */
import type { Paragraph } from 'mdast';
import { checkOrder, checkValue, type Operand } from '../check.js';
import { parseRanking, type Ranking } from '../ranking.js';
import type { Claim } from '../../schemas/claim.js';
import type { Experiment } from '../../schemas/report.js';
import { resolveValue } from '../verify/resolve.js';
import { MEAN_REQUEST_LATENCY, valueOf, type Found } from '../verify/sources.js';
import { experimentRuns, onlyUnnamed, runsOf, variantNamed } from '../verify/variants.js';
import { experimentOf, reportProse } from './prose.js';
import { claimKind } from './types.js';

interface Candidate {
  node: Paragraph;
  base: number;
  ranking: Ranking;
  experiment: Experiment | null;
  /** The paragraph sits in this experiment (false: the page's first experiment stands in for it). */
  own: boolean;
}

export const ranking = claimKind<Candidate>({
  kind: 'ranking',
  exclusive: true,
  find(site, ctx) {
    const prose = reportProse(site, ctx);
    const r = prose ? parseRanking(prose.raw) : null;
    return prose && r
      ? [{ node: prose.node, base: prose.base, ranking: r, experiment: experimentOf(prose.site, ctx), own: !!prose.site.experiment }]
      : [];
  },
  verify({ ranking: r, base, experiment, own }, ctx) {
    const out: Claim[] = [];
    const metric = r.kind === 'latency' ? MEAN_REQUEST_LATENCY : 'total_token_throughput';
    const operands: Array<Operand | null> = [];
    for (const entry of r.entries) {
      if (!entry.value) {
        operands.push(null);
        continue;
      }
      const variant =
        variantNamed(experiment, entry.name) ??
        onlyUnnamed(
          experiment,
          r.entries.map((e) => e.name),
          entry.name,
        );
      const preferred = variant ? runsOf(ctx, variant) : experimentRuns(ctx, experiment);
      const found = resolveValue(ctx, metric, entry.value, { preferred });
      // The variant's run: the one that prints the value, else its only run; several that do not are only candidates.
      const inVariant = variant
        ? runsOf(ctx, variant)
            .map((run) => valueOf(ctx.path, run, metric))
            .filter((f): f is Found => !!f)
        : [];
      const printed = found.found && inVariant.find((f) => f.run === found.found?.run);
      const fromRun = printed ?? (inVariant.length === 1 ? inVariant[0] : null);
      // A paragraph outside any experiment is read against the page's first one: that is a guess, not a source.
      const guessed = (inVariant.length > 1 && !printed) || (!own && !found.found);
      const chosen = guessed ? null : (fromRun ?? found.found);
      operands.push(chosen ? chosen.operand : entry.value);
      const result = fromRun && !printed ? checkValue(entry.value, fromRun.operand, { label: metric }) : found.result;
      const candidates = (inVariant.length ? inVariant : fromRun ? [fromRun] : []).map((f) => ({
        source: f.source,
        evidence: own
          ? `a run of the variant "${variant?.label ?? ''}"`
          : "a run of the page's first experiment (the paragraph is in none)",
        recomputed: checkValue(entry.value!, f.operand, { label: metric }).recomputed,
      }));
      out.push(
        ctx.claim(
          'ranking-value',
          entry.value,
          base,
          guessed && inVariant.length > 1 ? null : result,
          (fromRun ?? found.found)?.source ?? null,
          found.elsewhere ? [found.elsewhere.source] : [],
          guessed ? { uncertain: candidates } : {},
        ),
      );
    }
    for (const rel of r.relations) {
      const order = checkOrder(rel.symbol, operands[rel.left] ?? null, operands[rel.left + 1] ?? null, {
        missing: r.kind === 'latency' ? 'highest' : 'lowest',
      });
      out.push(
        ctx.claim(
          'ranking-order',
          { value: null, claim: rel.symbol, offset: rel.offset },
          base,
          { verdict: order.verdict, recomputed: NaN, formula: order.formula, tolerance: order.tolerance },
          null,
        ),
      );
    }
    return out;
  },
});
