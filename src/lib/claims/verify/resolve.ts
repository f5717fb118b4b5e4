import { checkValue, type CheckResult } from '../check.js';
import type { Stated } from '../stated.js';
import type { Candidate } from '../../schemas/claim.js';
import type { Run } from '../../schemas/run.js';
import type { PageContext } from './context.js';
import type { Elsewhere } from './run-index.js';
import { valueOf, type Found } from './sources.js';

/** What the page's structure says about where a stated value should come from. */
export interface Hints {
  /** Baseline or optimized side of a comparison. */
  side?: 'baseline' | 'optimized';
  /** Benchmark case named by the row (`Short Prompt`, `ShareGPT BS=4`, `Rate 8`). */
  caseName?: string;
  /** Another number of the same cell (`Mean TPOT(ms)` beside `Total TPS`): it names the same run. */
  partner?: { metric: string; stated: Stated };
  /** Runs the structure points at (an experiment's variants, a case's side), tried first. */
  preferred?: readonly Run[];
}

export interface Resolution {
  result: CheckResult | null;
  found: Found | null;
  /** A run on another page that prints the stated value, when none on this page does. */
  elsewhere: Elsewhere | null;
  /**
   * Set when no run prints the value and the run the structure points at is not certain (the cell's other
   * number is printed by several runs that the page's content does not tell apart): the plausible runs.
   */
  uncertain?: Candidate[];
}

/**
 * Trace a stated value to a run: first by value (any run on the page that prints it, structural matches
 * preferred), then by structure (the run that the cell's other number or the row's case points at) so a wrong
 * number is reported against the run it should restate, then on other pages.
 */
export function resolveValue(ctx: PageContext, metric: string, stated: Stated, hints: Hints = {}): Resolution {
  const label = metricLabel(metric);
  const matches = ctx.byValue(metric, stated);
  if (matches.length > 0) {
    const best = rank(matches, hints)[0];
    return { result: checkValue(stated, best.operand, { label }), found: best, elsewhere: null };
  }
  // A number that no run on its page prints may be another page's run (copied between reports).
  const other = ctx.elsewhere(metric, stated);
  const structural = structuralRun(ctx, metric, hints);
  if (structural && 'found' in structural) {
    return { result: checkValue(stated, structural.found.operand, { label }), found: structural.found, elsewhere: other };
  }
  if (structural) {
    const uncertain = structural.candidates.map((f) => ({
      source: f.source,
      evidence: structural.evidence,
      recomputed: checkValue(stated, f.operand, { label }).recomputed,
    }));
    return { result: null, found: null, elsewhere: other, uncertain };
  }
  return { result: null, found: null, elsewhere: other };
}

function rank(found: Found[], hints: Hints): Found[] {
  return [...found].sort((a, b) => rankScore(b.run, hints) - rankScore(a.run, hints));
}

/**
 * The run the structure points at when no run prints the value: the run that prints the cell's other number
 * (certain when only one run does, or one ranks above the rest by side, case and structure), else the one run of
 * the preferred pool that the case names best. Several equally plausible runs are returned as candidates.
 */
function structuralRun(
  ctx: PageContext,
  metric: string,
  hints: Hints,
): { found: Found } | { candidates: Found[]; evidence: string } | null {
  if (hints.partner) {
    const partner = ctx.byValue(hints.partner.metric, hints.partner.stated);
    const runs = [...new Set(rank(partner, hints).map((f) => f.run))];
    if (runs.length > 0) {
      const score = (run: Run) => rankScore(run, hints);
      const tied = runs.filter((r) => score(r) === score(runs[0]));
      const found = tied.map((run) => valueOf(ctx.path, run, metric)).filter((f): f is Found => !!f);
      if (tied.length === 1) return found[0] ? { found: found[0] } : null;
      const evidence = `prints the cell's other number ${hints.partner.stated.claim}`;
      return found.length ? { candidates: found, evidence } : null;
    }
  }
  const pool = hints.preferred?.length ? hints.preferred : [];
  const scored = pool.map((run) => ({ run, s: hints.caseName ? caseScore(hints.caseName, run) : 0 })).sort((a, b) => b.s - a.s);
  // With a case to match, the pool's run must be named by it (a lone run the case does not name is only a guess).
  const named = !hints.caseName || scored[0]?.s > 0;
  if (scored.length === 1 || (scored.length > 1 && scored[0].s > scored[1].s)) {
    const f = valueOf(ctx.path, scored[0].run, metric);
    if (f && named) return { found: f };
    if (f) return { candidates: [f], evidence: `the only run the structure offers, but "${hints.caseName}" does not name it` };
  }
  return null;
}

/** How strongly the page's structure (pool, side, case) points at a run for a value with these hints. */
/** The side of a comparison a run's role puts it on (the page's baseline run, its adopted run); null for a step. */
function roleSide(run: Run): 'baseline' | 'optimized' | null {
  return run.setup.role === 'baseline' || run.setup.role === 'optimized' ? run.setup.role : null;
}

export function rankScore(run: Run, hints: Hints): number {
  return (
    (hints.preferred?.includes(run) ? 4 : 0) +
    // An "Other Benchmark Cases" side names the run's side outright; its role (the baseline, the adopted run) less so.
    (hints.side && run.context.side === hints.side ? 2 : hints.side && roleSide(run) === hints.side ? 1 : 0) +
    (hints.caseName ? caseScore(hints.caseName, run) : 0)
  );
}

/** Numbers written in a case or label, with `K` expanded (`32K` -> 32000, `2k` -> 2000). */
export function numbersIn(text: string): number[] {
  // What `/(\d+(?:\.\d+)?)\s*([kK])?\b/g` finds, in one pass: that regex retries every digit of a long run
  // (quadratic), but a match can only end after a whole digit run, so only the run's end needs trying.
  const out: number[] = [];
  const digit = (i: number) => i < text.length && text[i] >= '0' && text[i] <= '9';
  const word = (i: number) => i >= 0 && i < text.length && /\w/.test(text[i]);
  const boundary = (i: number) => word(i - 1) !== word(i);
  const tail = (end: number): { k: boolean; stop: number } | null => {
    let w = end;
    while (w < text.length && /\s/.test(text[w])) w++;
    if ((text[w] === 'k' || text[w] === 'K') && boundary(w + 1)) return { k: true, stop: w + 1 };
    if (boundary(w)) return { k: false, stop: w };
    if (w > end && boundary(end)) return { k: false, stop: end };
    return null;
  };
  let i = 0;
  while (i < text.length) {
    if (!digit(i)) {
      i++;
      continue;
    }
    let q = i;
    while (digit(q)) q++;
    let r = -1;
    if (text[q] === '.' && digit(q + 1)) {
      r = q + 1;
      while (digit(r)) r++;
    }
    const withDecimals = r > 0 ? tail(r) : null;
    const found = withDecimals ?? tail(q);
    if (!found) {
      i = q;
      continue;
    }
    out.push(Number(text.slice(i, withDecimals ? r : q)) * (found.k ? 1000 : 1));
    i = found.stop;
  }
  return out;
}

const STOP = new Set(['the', 'and', 'with', 'of', 'in', 'on', 'for', 'a', 'to', 'prompt', 'input', 'case']);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => w.replace(/s$/, ''));
}

/** How well a run's label, profile or variant names a case (0 = not at all). */
function caseScore(caseName: string, run: Run): number {
  const names = [run.label, run.context.profile, run.context.variant].filter((n): n is string => !!n);
  let best = 0;
  const caseWords = words(caseName);
  const caseNumbers = numbersIn(caseName);
  for (const name of names) {
    const w = words(name);
    let s = caseWords.filter((x) => w.includes(x)).length;
    const n = numbersIn(name);
    if (caseNumbers.length > 0 && caseNumbers.every((x) => n.some((y) => Math.abs(x - y) <= 0.05 * Math.max(x, y)))) s += 2;
    best = Math.max(best, s);
  }
  return best;
}

export function metricLabel(metric: string): string {
  return (
    {
      total_token_throughput: 'Total Token throughput (tok/s)',
      mean_tpot_ms: 'Mean TPOT (ms)',
      mean_request_latency_s: 'mean request latency (s)',
      mean_latency_s: 'Mean Latency(s)',
      mean_ttft_ms: 'Mean TTFT (ms)',
    }[metric] ?? metric
  );
}
