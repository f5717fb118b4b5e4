/**
 * The runs behind a number of free-form prose or an ordinary table, and its verdict.
 *
 * - A value (`287 ms`, `25.22 s`, `1,235`) restates a run's metric: verified when a candidate run prints it
 *   (after the unit change and rounding to the stated digits).
 * - A percentage compares two runs: (a / b - 1) x 100 either way round, unsigned (the page's sign and words
 *   such as `faster`, `降低` say the direction, which the writer may take from either side).
 * - A ratio is larger / smaller (`2x faster TPOT` = TPOT halved; `2x throughput` = doubled); a Chinese `N 倍`
 *   also as the increase (larger / smaller - 1).
 * Tolerance: half a unit of the stated digit, inputs +/- half a unit of theirs; `~` / `约` / `about` widen it to
 * 10% of the stated number (3% for values). `up to N` also holds when N rounds the largest comparison up by at
 * most 15%; `more than N` holds when a comparison reaches N.
 * Certainty: `mismatch` only when one labelled run stands on each side and the metric is named unambiguously
 * (`median TTFT`, `output throughput`), or when the number is far above (more than 1.5 times) every comparison
 * the page's runs allow for the metric named. Otherwise a number that does not reproduce is `untraceable` with
 * its candidate runs.
 */
import type { Candidate, ClaimSource } from '../../schemas/claim.js';
import type { Grade } from '../verify/context.js';
import { metricSource } from '../verify/sources.js';
import { formatFixed, halfUnit, roundHalfUp } from '../../numbers/number.js';
import type { Stated } from '../stated.js';
import type { NamedRun } from './runs.js';
import type { ProseKind, Spread, SpreadKind } from './sentence.js';
import { metricKeys, refersTo, unambiguous, unitOfKey, type Family } from './vocab.js';

export interface EssayNumber {
  kind: ProseKind;
  stated: Stated;
  metric: { family: Family; stat: string | null; test?: string };
  approx: boolean;
  /** The metric was read outside the number's clause. */
  borrowed?: boolean;
  bound: 'up-to' | 'at-least' | null;
  multiple: boolean;
  /** Which way a percentage goes; null when either. */
  direction: 'up' | 'down' | null;
  /** Unit to read a unitless value in (a table header's `(ms)`); '' for the metric's own. */
  unit: string;
  /** `12.5K tok/s`: the value is stated in thousands (1000) or millions; absent for plain values. */
  scale?: number;
  /** Runs named for the number, one entry per mention in order (each the runs that mention may mean). */
  named: NamedRun[][];
  /** The sentence compares with something that is not a run of the page (`faster than HF`): never certain. */
  offPage?: boolean;
  /** Runs of the section the number stands in. */
  scope: NamedRun[];
  /** The one run named was named by the setup its row states (prompts, concurrency, rate): certain. */
  bySetup?: boolean;
  /** Its row states a setting the section's run was not set to, or shares the run's setup with another row. */
  rowDoubt?: boolean;
  /** Its sentence speaks of numbers from elsewhere (a target, an earlier build, a published figure). */
  elsewhere?: boolean;
  /** Every run of the page (for "far above any data"). */
  all: NamedRun[];
  /** `120 ± 8 ms`: a centre and a spread (the centre may be the mean of repeated runs). */
  spread?: Spread;
}

/** Repeated runs a `±` value is the mean of: the runs and the one metric they all print. */
export interface RunGroup {
  runs: NamedRun[];
  key: string;
}

export interface EssayVerdict {
  result: { verdict: 'verified' | 'mismatch'; recomputed: number; formula: string; tolerance: string; rounding?: boolean } | null;
  source: ClaimSource | null;
  sources: ClaimSource[];
  grade: Grade;
  /** The centre of a `±` value read as the mean of these repeated runs. */
  group?: RunGroup;
}

interface Reading {
  /** The repeated runs whose mean this is; absent for one run's value or a comparison. */
  group?: RunGroup;
  value: number;
  /** Lowest and highest the displayed inputs allow. */
  lo: number;
  hi: number;
  formula: string;
  sources: ClaimSource[];
  evidence: string;
}

const num = (run: NamedRun, key: string) => {
  const m = run.run.metrics[key];
  return m && typeof m.value === 'number' && Number.isFinite(m.value) ? m : null;
};

function describe(r: NamedRun): string {
  return r.name ? `\`${r.name}\`` : `the run at line ${r.run.line}`;
}

function src(path: string, r: NamedRun, key: string): ClaimSource {
  return metricSource(path, r.run, key);
}

/** Convert a metric value from its unit to the stated one; null when they do not convert. */
function scaleFor(from: string, to: string): number | null {
  if (!to || from === to) return 1;
  if (from === 'ms' && to === 's') return 1 / 1000;
  if (from === 's' && to === 'ms') return 1000;
  // Some tools' oldest tables print latencies in nanoseconds.
  if (from === 'ns' && to === 'ms') return 1e-6;
  if (from === 'ns' && to === 's') return 1e-9;
  if (from === 'ms' && to === 'ns') return 1e6;
  if (from === 's' && to === 'ns') return 1e9;
  return null;
}

const TIME_SUFFIXES = ['_ms', '_ns', '_s'];

/**
 * The metric of run `b` that is `key` of another run, and the factor to `key`'s unit: `key` itself, or the same
 * latency printed in another unit (`mean_latency_ns` for `mean_latency_ms`).
 */
function twin(b: NamedRun, key: string): { metric: NonNullable<ReturnType<typeof num>>; factor: number } | null {
  const same = num(b, key);
  if (same) return { metric: same, factor: 1 };
  const suffix = TIME_SUFFIXES.find((x) => key.endsWith(x));
  if (!suffix) return null;
  const stem = key.slice(0, key.length - suffix.length);
  for (const other of TIME_SUFFIXES) {
    const m = other === suffix ? null : num(b, stem + other);
    const factor = scaleFor(other.slice(1), suffix.slice(1));
    if (m && factor !== null) return { metric: m, factor };
  }
  return null;
}

function uniq<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

/** The readings a value may restate: each candidate run's metric, in the stated unit. */
function valueReadings(n: EssayNumber, runs: readonly NamedRun[], path: string): Reading[] {
  const out: Reading[] = [];
  const unit = n.stated.unit || n.unit;
  for (const r of runs.filter((x) => refersTo(n.metric, x.run.metrics)))
    for (const key of metricKeys(n.metric, Object.keys(r.run.metrics))) {
      const m = num(r, key);
      const unitScale = scaleFor(unitOfKey(key), unit);
      if (!m || unitScale === null) continue;
      const f = unitScale / (n.scale ?? 1);
      const h = halfUnit(m.decimals);
      const v = m.value! * f;
      out.push({
        value: v,
        lo: (m.value! - h) * f,
        hi: (m.value! + h) * f,
        formula: `${m.label} = ${m.text}${f === 1 ? '' : f < 1 ? ` / ${Math.round(1 / f)}` : ` x ${Math.round(f)}`}`,
        sources: [src(path, r, key)],
        evidence: `${describe(r)} prints ${m.label} ${m.text}`,
      });
    }
  return out;
}

/** A metric of each run of a group, in the stated unit: [value, half a unit of its printed digits]. */
function groupValues(n: EssayNumber, g: RunGroup): Array<[number, number]> {
  const f = (scaleFor(unitOfKey(g.key), n.stated.unit || n.unit) ?? 1) / (n.scale ?? 1);
  return g.runs.map((r) => {
    const m = num(r, g.key)!;
    return [m.value! * f, halfUnit(m.decimals) * f];
  });
}

/** A label of one of several repeats: `Run 2`, `trial 3`, `#1`, `第 2 次`, `2회차`. */
const REPEAT_NAME =
  /^(?:(?:run|trial|repeat|rep|iteration|iter|attempt|round|pass) ?#? ?\d{1,3}|# ?\d{1,3}|第 ?[0-9一二三四五六七八九十]{1,3} ?(?:次|轮|遍)|\d{1,3} ?(?:회차|회|번째))$/i;
/** What repeats of one setup print alike: the workload and the load. */
const SETUP = ['total_input_tokens', 'mean_input_length', 'max_concurrency', 'request_rate'];

/**
 * Whether runs look like repeats of one setup: no names, one name, or names that only count repeats (`Run 1`,
 * `Run 2`), and the same workload and load wherever they print them. A sweep (`rate 4`, `rate 16`) or two
 * configurations are not repeats.
 */
function repeatsOf(runs: readonly NamedRun[]): boolean {
  const names = uniq(runs.map((r) => r.name?.toLowerCase() ?? null));
  const named = names.length === 1 || names.every((x) => x === null || REPEAT_NAME.test(x));
  return (
    named &&
    SETUP.every((key) => {
      const values = runs.map((r) => num(r, key)?.value);
      return values.some((v) => v === undefined) || values.every((v) => v === values[0]);
    })
  );
}

/**
 * The readings of a `±` centre over repeated runs: for each metric key the number may mean and each section (and
 * concurrency) of `pool`, the mean of its runs that print the key, when two or more do.
 */
function groupReadings(n: EssayNumber, pool: readonly NamedRun[], path: string): Reading[] {
  const out: Reading[] = [];
  const unit = n.stated.unit || n.unit;
  const keys = uniq(pool.flatMap((r) => metricKeys(n.metric, Object.keys(r.run.metrics))));
  const parts = new Map<string, NamedRun[]>();
  for (const r of pool) {
    const at = `${r.scope.join('\n')}\u0000${r.concurrency}`;
    parts.set(at, [...(parts.get(at) ?? []), r]);
  }
  for (const key of keys) {
    if (scaleFor(unitOfKey(key), unit) === null) continue;
    for (const part of parts.values()) {
      const runs = part.filter((r) => num(r, key));
      if (runs.length >= 2) out.push(groupReading(n, runs, key, path));
    }
  }
  return out;
}

/** The mean of one metric over a group of runs, in the stated unit. */
function groupReading(n: EssayNumber, runs: NamedRun[], key: string, path: string): Reading {
  const unit = n.stated.unit || n.unit;
  const group = { runs, key };
  const values = groupValues(n, group);
  const mean = values.reduce((a, [v]) => a + v, 0) / values.length;
  const half = values.reduce((a, [, h]) => a + h, 0) / values.length;
  const label = runs[0].run.metrics[key]!.label;
  return {
    group,
    value: mean,
    lo: mean - half,
    hi: mean + half,
    formula: `mean of ${label} over ${runs.length} runs (${runs.map((r) => r.run.metrics[key]!.text).join(', ')})${conversion(unitOfKey(key), unit)}`,
    sources: runs.map((r) => src(path, r, key)),
    evidence: `the mean of ${label} over ${runs.map(describe).join(', ')}`,
  };
}

/** How a value printed in `from` is written in `to`, for a formula. */
function conversion(from: string, to: string): string {
  const f = scaleFor(from, to) ?? 1;
  return f === 1 ? '' : f < 1 ? ` / ${Math.round(1 / f)}` : ` x ${Math.round(f)}`;
}

/** The readings a comparison may state, for each pair of runs and each metric key they share. */
function pairReadings(n: EssayNumber, pairs: ReadonlyArray<[NamedRun, NamedRun]>, path: string): Reading[] {
  const out: Reading[] = [];
  for (const [a, b] of pairs) {
    if (!refersTo(n.metric, a.run.metrics) || !refersTo(n.metric, b.run.metrics)) continue;
    for (const key of metricKeys(n.metric, Object.keys(a.run.metrics))) {
      // A metric printed with a bad value is in the run with no number: it gives no reading.
      const x = num(a, key);
      const t = twin(b, key);
      if (!x || !t || x.value! <= 0 || t.metric.value! <= 0) continue;
      // `y` in the unit of `x` (the same metric may be printed in another unit by another release of a tool).
      const y = {
        value: t.metric.value! * t.factor,
        text: t.factor === 1 ? t.metric.text : `${t.metric.text} ${unitOfKey(t.metric.name)}`,
      };
      const [hx, hy] = [halfUnit(x.decimals), halfUnit(t.metric.decimals) * t.factor];
      const sources = [src(path, a, key), src(path, b, t.metric.name)];
      const evidence = `${describe(a)} ${x.text} vs ${describe(b)} ${y.text} (${x.label})`;
      if (n.kind === 'percent') {
        const [big, small, hb, hs, bt, st] =
          x.value! >= y.value! ? [x.value!, y.value!, hx, hy, x.text, y.text] : [y.value!, x.value!, hy, hx, y.text, x.text];
        if (n.direction !== 'down')
          out.push({
            value: (big / small - 1) * 100,
            lo: ((big - hb) / (small + hs) - 1) * 100,
            hi: ((big + hb) / (small - hs) - 1) * 100,
            formula: `(${bt} / ${st} - 1) x 100`,
            sources,
            evidence,
          });
        if (n.direction !== 'up')
          out.push({
            value: (1 - small / big) * 100,
            lo: (1 - (small + hs) / (big - hb)) * 100,
            hi: (1 - (small - hs) / (big + hb)) * 100,
            formula: `(1 - ${st} / ${bt}) x 100`,
            sources,
            evidence,
          });
      } else {
        const [hiV, loV, hh, hl, hs, ls] =
          x.value! >= y.value! ? [x.value!, y.value!, hx, hy, x.text, y.text] : [y.value!, x.value!, hy, hx, y.text, x.text];
        const ratio = {
          value: hiV / loV,
          lo: (hiV - hh) / (loV + hl),
          hi: (hiV + hh) / (loV - hl),
          formula: `${hs} / ${ls}`,
          sources,
          evidence,
        };
        out.push(ratio);
        if (n.multiple) out.push({ ...ratio, value: ratio.value - 1, lo: ratio.lo - 1, hi: ratio.hi - 1, formula: `${hs} / ${ls} - 1` });
      }
    }
  }
  return out;
}

function tolerance(n: EssayNumber): { slack: number; text: string } {
  const d = n.stated.decimals;
  const h = halfUnit(d);
  // `about 6.8%`: a number written with a decimal keeps its precision, an approximate word or not; `~4%` is looser.
  if (n.approx && d === 0) {
    const rel = n.kind === 'value' ? 0.03 : 0.1;
    return {
      slack: Math.max(2 * h, rel * Math.abs(n.stated.value)),
      text: `approximate: within ${rel * 100}% or one unit of the last digit`,
    };
  }
  const inUnits = n.scale ? ` of ${n.scale === 1000 ? 'thousands' : 'millions'}` : '';
  return { slack: h, text: `half-up to ${d} decimal${d === 1 ? '' : 's'}${inUnits}; inputs +/- half a unit` };
}

/** Does a reading give the stated number (within the tolerance, or as the bound says)? */
function holds(n: EssayNumber, r: Reading, slack: number): boolean {
  const s = Math.abs(n.stated.value);
  const d = n.stated.decimals;
  if (roundHalfUp(r.value, d) === s) return true;
  if (s >= r.lo - slack && s <= r.hi + slack) return true;
  if (n.bound === 'up-to') return s >= r.value && s <= r.hi * 1.15 + 2 * halfUnit(d);
  if (n.bound === 'at-least') return r.hi + slack >= s;
  return false;
}

function pairsOf(n: EssayNumber): Array<[NamedRun, NamedRun]> {
  const distinct = n.named.filter((m, i) => n.named.findIndex((o) => o.length === m.length && o.every((r) => m.includes(r))) === i);
  const pairs: Array<[NamedRun, NamedRun]> = [];
  if (distinct.length >= 2) {
    for (const a of distinct[0]) for (const b of distinct[1]) if (a !== b) pairs.push([a, b]);
  } else if (distinct.length === 1) {
    for (const a of distinct[0]) for (const b of n.scope) if (!distinct[0].includes(b)) pairs.push([a, b]);
  } else {
    // Unnamed: the two runs of the section, else runs of one sub-section or of one concurrency.
    n.scope.forEach((a, i) =>
      n.scope.slice(i + 1).forEach((b) => {
        const together = a.scope.join('\n') === b.scope.join('\n') || (a.concurrency !== null && a.concurrency === b.concurrency);
        if (n.scope.length === 2 || together) pairs.push([a, b]);
      }),
    );
  }
  return pairs;
}

function allPairs(runs: readonly NamedRun[]): Array<[NamedRun, NamedRun]> {
  return runs.flatMap((a, i) => runs.slice(i + 1).map((b): [NamedRun, NamedRun] => [a, b]));
}

/** Verdict for one number; null when nothing on the page could be behind it (no claim is made). */
export function resolveNumber(n: EssayNumber, path: string): EssayVerdict | null {
  const { slack, text: tol } = tolerance(n);
  const d = n.stated.decimals;
  let readings: Reading[];
  let certain: boolean;
  let lone = false;
  // A named test (`pp512`) narrows every set of runs to the runs of that test.
  const fits = (r: NamedRun) => refersTo(n.metric, r.run.metrics);
  if (n.kind === 'value') {
    const named = uniq(n.named.flat()).filter(fits);
    const runs = named.length > 0 ? named : n.scope;
    readings = valueReadings(n, runs, path);
    // The run is certain when the sentence names it, or when the page has no other run to mean.
    const all = n.all.filter(fits);
    const scope = n.scope.filter(fits);
    // The page's or the section's only run is meant only where the text does not speak of numbers from elsewhere (a
    // target, an earlier build) and the number's table row does not point at another run.
    const unnamed = named.length === 0 && !n.elsewhere && !n.rowDoubt;
    const only = unnamed && all.length === 1 && scope.length === 1 && scope[0] === all[0];
    // A section of one run (an experiment with its run linked or pasted) means that run, unless another run of the
    // page prints the value as stated (a number quoted from elsewhere on the page): checked below, where no reading
    // of the section holds the value.
    lone = unnamed && !only && scope.length === 1;
    certain =
      (only || (named.length === 1 && (!!named[0].name || !!n.bySetup))) && unambiguous(n.metric) && !n.borrowed && readings.length === 1;
    lone = lone && unambiguous(n.metric) && !n.borrowed && readings.length === 1;
    // `120 ± 8 ms over three runs`: the centre is the mean of the repeated runs (the runs the sentence names, or
    // those of its section), when the text speaks of repeats. Certain when one metric of one group is meant.
    if (n.spread?.repeats) {
      const pool = named.length >= 2 ? named : named.length === 0 ? n.scope.filter(fits) : [];
      const groups = groupReadings(n, pool, path);
      if (groups.length > 0) {
        readings = [...groups, ...readings];
        certain = groups.length === 1 && repeatsOf(groups[0].group!.runs) && unambiguous(n.metric) && !n.borrowed;
        lone = false;
        if (!readings.slice(groups.length).some((r) => holds(n, r, slack))) readings = groups;
      }
    }
  } else {
    const pairs = pairsOf(n).filter((p) => p.every(fits));
    readings = pairReadings(n, pairs, path);
    const one = pairs.length === 1 && pairs[0].every((r) => !!r.name);
    const keys = one ? metricKeys(n.metric, Object.keys(pairs[0][0].run.metrics)).filter((k) => twin(pairs[0][1], k)) : [];
    certain = one && unambiguous(n.metric) && !n.borrowed && !n.offPage && keys.length === 1;
  }
  const hit = readings.find((r) => holds(n, r, slack));
  if (hit) {
    const recomputed = roundHalfUp(hit.value, d);
    return {
      result: { verdict: 'verified', recomputed: n.stated.value < 0 ? -recomputed : recomputed, formula: hit.formula, tolerance: tol },
      source: hit.sources[0],
      sources: hit.sources.slice(1),
      grade: {},
      ...(hit.group ? { group: hit.group } : {}),
    };
  }
  if (lone && !valueReadings(n, n.all.filter(fits), path).some((r) => holds(n, r, slack))) certain = true;
  const nearest = [...readings].sort((a, b) => Math.abs(a.value - Math.abs(n.stated.value)) - Math.abs(b.value - Math.abs(n.stated.value)));
  if (readings.length > 0 && certain && !n.bound && nearest[0].group) return { ...mismatch(n, nearest[0], tol), group: nearest[0].group };
  if (readings.length > 0 && certain && !n.bound && !farAndAlone(n, nearest[0], path, slack)) return mismatch(n, nearest[0], tol);
  if (n.kind !== 'value' && !n.offPage) {
    // Far above every comparison the page allows for the metric: no reading of the runs makes it true.
    const every = pairReadings({ ...n, multiple: true, direction: null }, allPairs(n.all), path);
    const top = [...every].sort((a, b) => b.hi - a.hi)[0];
    if (top && n.bound !== 'at-least' && Math.abs(n.stated.value) > 1.5 * top.hi + 2 * halfUnit(d))
      return mismatch(n, top, `${tol}; far above the largest comparison the page's runs give`);
  }
  // A number about a metric no run of the page prints (TTFT of an offline or non-streaming run) is still a claim
  // about the runs: untraceable, never a mismatch. Otherwise a number with nothing behind it and no run named is
  // not taken for a claim.
  if (readings.length === 0 && n.named.length === 0 && !unmeasured(n)) return null;
  const candidates: Candidate[] = nearest.slice(0, 6).map((r) => ({
    source: r.sources[0],
    evidence: r.evidence,
    recomputed: roundHalfUp(r.value, d),
  }));
  return { result: null, source: null, sources: [], grade: { uncertain: candidates } };
}

/** Whether a run prints a value as the page states it (after the unit change, rounded to the stated digits). */
export function printsValue(n: EssayNumber, run: NamedRun, path: string): boolean {
  const { slack } = tolerance(n);
  return valueReadings(n, [run], path).some((r) => holds(n, r, slack));
}

/**
 * The one run that prints every value of a group of cells (a table row restating a run), when two or more values
 * have exactly one such run among the page's runs: the row names that run by its numbers, whatever its label
 * matches (a label is weaker evidence than every number of the row printed by one run).
 */
export function oneRunOf(values: readonly EssayNumber[], runs: readonly NamedRun[], path: string): NamedRun | null {
  if (values.length < 2) return null;
  const hits = runs.filter((r) => values.every((n) => printsValue(n, r, path)));
  return hits.length === 1 ? hits[0] : null;
}

/** How far a restated value may be from its run's and still be that value written wrong (a slip, a stale digit). */
const RESTATE_BAND = 0.25;

/** Whether a run prints the number's metric within the restate band of the stated value (a copy, slips and all). */
export function nearValue(n: EssayNumber, run: NamedRun, path: string): boolean {
  const stated = Math.abs(n.stated.value);
  return valueReadings(n, [run], path).some((r) => r.value !== 0 && Math.abs(stated - r.value) / r.value <= RESTATE_BAND);
}

/**
 * A value far from the one run its sentence names, that no other run of the page reproduces either: more likely
 * a number about something else (a target, another machine, an earlier test) than that run's value written
 * wrong, so it is not certain. A value another run prints is the wrong run cited, and stays a mismatch.
 */
function farAndAlone(n: EssayNumber, nearest: Reading, path: string, slack: number): boolean {
  if (n.kind !== 'value') return false;
  const stated = Math.abs(n.stated.value);
  if (nearest.value === 0 || Math.abs(stated - nearest.value) / nearest.value <= RESTATE_BAND) return false;
  return !valueReadings(n, n.all, path).some((r) => holds(n, r, slack));
}

/** Whether a run prints the metric a number names at all. */
export function printsMetric(n: EssayNumber, run: NamedRun): boolean {
  return refersTo(n.metric, run.run.metrics) && metricKeys(n.metric, Object.keys(run.run.metrics)).length > 0;
}

/** A value given to the wrong one of two runs its sentence names: a mismatch against the run the sentence gives it. */
export function exchangedVerdict(n: EssayNumber, owner: NamedRun, path: string): EssayVerdict | null {
  const { text: tol } = tolerance(n);
  const readings = valueReadings(n, [owner], path);
  const near = [...readings].sort((a, b) => Math.abs(a.value - Math.abs(n.stated.value)) - Math.abs(b.value - Math.abs(n.stated.value)))[0];
  if (!near || readings.length !== 1) return null;
  const out = mismatch(n, near, `${tol}; the sentence gives this value to ${describe(owner)}, another run it names prints it`);
  return out;
}

/** No run of the page prints the metric the number names (`TTFT` where every run is offline). */
function unmeasured(n: EssayNumber): boolean {
  return n.all.length > 0 && n.all.every((r) => metricKeys(n.metric, Object.keys(r.run.metrics)).length === 0);
}

function mismatch(n: EssayNumber, r: Reading, tol: string): EssayVerdict {
  const d = n.stated.decimals;
  const recomputed = roundHalfUp(r.value, d) * (n.stated.value < 0 ? -1 : 1);
  const rounding = Math.abs(Math.abs(n.stated.value) - r.value) <= 2 * halfUnit(d) + 1e-12;
  return {
    result: {
      verdict: 'mismatch',
      recomputed,
      formula: n.kind === 'value' ? r.formula : `${r.formula} = ${formatFixed(r.value, Math.max(d, 2))}`,
      tolerance: tol,
      rounding,
    },
    source: r.sources[0],
    sources: r.sources.slice(1),
    grade: {},
  };
}

/** What each spread a write-up may mean is called in a formula. */
const SPREAD_NAMES: Readonly<Record<Exclude<SpreadKind, 'sd'>, string>> = {
  'sd-sample': 'sample standard deviation',
  'sd-population': 'population standard deviation',
  sem: 'standard error of the mean',
  'half-range': 'half the range',
};

/**
 * Verdict for the spread of a `±` value whose centre is the mean of repeated runs: checked against what the text
 * says it is (a standard deviation, sample or population when it does not say which; a standard error; half the
 * range), untraceable with every reading as a candidate when the text does not say. Tolerance: half a unit of the
 * stated digit, plus half a unit of the runs' printed digits.
 */
export function resolveSpread(n: EssayNumber, group: RunGroup, path: string): EssayVerdict {
  const stated = n.spread!.value;
  const d = stated.decimals;
  const values = groupValues(n, group);
  const k = values.length;
  const xs = values.map(([v]) => v);
  const mean = xs.reduce((a, x) => a + x, 0) / k;
  const ss = xs.reduce((a, x) => a + (x - mean) ** 2, 0);
  const inputHalf = Math.max(...values.map(([, h]) => h));
  const sample = Math.sqrt(ss / (k - 1));
  const readings: Array<{ kind: Exclude<SpreadKind, 'sd'>; value: number }> = [
    { kind: 'sd-sample', value: sample },
    { kind: 'sd-population', value: Math.sqrt(ss / k) },
    { kind: 'sem', value: sample / Math.sqrt(k) },
    { kind: 'half-range', value: (Math.max(...xs) - Math.min(...xs)) / 2 },
  ];
  const said = n.spread!.kind;
  const meant = said === null ? [] : readings.filter((r) => r.kind === said || (said === 'sd' && r.kind.startsWith('sd-')));
  const label = group.runs[0].run.metrics[group.key]!.label;
  const sources = group.runs.map((r) => src(path, r, group.key));
  const formula = (r: { kind: Exclude<SpreadKind, 'sd'>; value: number }) =>
    `${SPREAD_NAMES[r.kind]} of ${label} over ${k} runs = ${formatFixed(r.value, Math.max(d, 2))}`;
  const tolerance = `half-up to ${d} decimal${d === 1 ? '' : 's'}; the runs' values +/- half a unit`;
  const hit = meant.find((r) => roundHalfUp(r.value, d) === stated.value || Math.abs(stated.value - r.value) <= halfUnit(d) + inputHalf);
  if (hit)
    return {
      result: { verdict: 'verified', recomputed: roundHalfUp(hit.value, d), formula: formula(hit), tolerance },
      source: sources[0],
      sources: sources.slice(1),
      grade: {},
    };
  if (meant.length > 0 && unambiguous(n.metric) && !n.borrowed && repeatsOf(group.runs)) {
    const near = [...meant].sort((a, b) => Math.abs(a.value - stated.value) - Math.abs(b.value - stated.value))[0];
    return {
      result: {
        verdict: 'mismatch',
        recomputed: roundHalfUp(near.value, d),
        formula: formula(near),
        tolerance,
        rounding: Math.abs(stated.value - near.value) <= 2 * halfUnit(d) + inputHalf,
      },
      source: sources[0],
      sources: sources.slice(1),
      grade: {},
    };
  }
  // The text does not say what the spread is (or the centre's metric, or the runs being repeats, is not certain):
  // every reading is a candidate.
  const candidates: Candidate[] = readings.map((r) => ({
    source: sources[0],
    evidence: `the ${SPREAD_NAMES[r.kind]} of ${label} over ${group.runs.map(describe).join(', ')}`,
    recomputed: roundHalfUp(r.value, d),
  }));
  return { result: null, source: null, sources: [], grade: { uncertain: candidates } };
}

/**
 * Verdict for the spread of any `±` value: checked over the repeated runs its centre is the mean of; otherwise
 * (one run's value, or a centre not traced to runs) the spread is untraceable: the repeats it summarises are not
 * on the page. Its candidates are the centre's run, or the centre's candidates.
 */
export function spreadVerdict(n: EssayNumber, centre: EssayVerdict, path: string): EssayVerdict {
  if (centre.group) return resolveSpread(n, centre.group, path);
  // A run that prints its own spread (a `mean ± std` cell over the tool's repetitions): the spread restates it.
  const run = centre.source?.runId ? n.all.find((r) => r.run.id === centre.source!.runId) : undefined;
  const std = run && centre.source?.metric ? num(run, `std_${centre.source.metric}`) : null;
  if (run && std && (n.spread!.kind === null || n.spread!.kind === 'sd')) {
    const stated = n.spread!.value;
    const d = stated.decimals;
    const f = (scaleFor(unitOfKey(centre.source!.metric!), n.stated.unit || n.unit) ?? 1) / (n.scale ?? 1);
    const value = std.value! * f;
    const slack = halfUnit(d) + halfUnit(std.decimals) * f;
    const source = src(path, run, std.name);
    const formula = `${std.label} = ${std.text}${f === 1 ? '' : ` x ${f}`}`;
    const tolerance = `half-up to ${d} decimal${d === 1 ? '' : 's'}; the run's value +/- half a unit`;
    if (roundHalfUp(value, d) === stated.value || Math.abs(stated.value - value) <= slack)
      return { result: { verdict: 'verified', recomputed: roundHalfUp(value, d), formula, tolerance }, source, sources: [], grade: {} };
    if (centre.result)
      return {
        result: {
          verdict: 'mismatch',
          recomputed: roundHalfUp(value, d),
          formula,
          tolerance,
          rounding: Math.abs(stated.value - value) <= 2 * halfUnit(d) + slack,
        },
        source,
        sources: [],
        grade: {},
      };
  }
  const candidates: Candidate[] = centre.source
    ? [{ source: centre.source, evidence: 'one run: the repeats its spread would summarise are not on the page', recomputed: null }]
    : (centre.grade.uncertain ?? []).map((c) => ({ ...c, recomputed: null }));
  return { result: null, source: null, sources: [], grade: { uncertain: candidates } };
}
