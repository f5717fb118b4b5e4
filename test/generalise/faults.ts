/**
 * Injected faults with their expected place: each fault changes one thing a real report can get wrong and says
 * where a finding must appear. Places are given by an anchor line (unique in the mutated page) and a span around
 * it, so that the structural variants applied afterwards (which never touch table rows or fence bodies) keep them.
 */
import type { Claim } from '../../src/lib/schemas/claim.js';
import { cleanClaims, valueOnLine, type Base, type Page } from './base.js';
import type { Rng } from './rng.js';
import { cells, conclusionTable, experiments, outline, resultFences, summaryTable, type Table } from './structure.js';

/** A finding is expected on a line from `before` lines above the anchor line to `after` lines below it. */
export interface Place {
  anchor: string;
  before: number;
  after: number;
}

export interface Fault {
  text: string;
  places: Place[];
  /** Another page checked together with the mutant (for cross-page faults). */
  donor?: Page;
  /** What was changed, for the report. */
  note: string;
}

export type FaultMaker = (b: Base, rng: Rng, others: readonly Base[]) => Fault | null;

const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length - 1;
const unique = (lines: readonly string[], l: string) => lines.indexOf(l) === lines.lastIndexOf(l);
const inTable = (t: Table | null, line: number) => !!t && line - 1 >= t.start + 2 && line - 1 < t.end;

function replaceClaim(b: Base, c: Claim, text: string, note: string): Fault | null {
  const out = b.text.slice(0, c.offset) + text + b.text.slice(c.end);
  const lines = out.split('\n');
  const at = lineOf(out, c.offset);
  if (!unique(lines, lines[at])) return null;
  return { text: out, places: [{ anchor: lines[at], before: 0, after: 0 }], note: `${note}: \`${c.text}\` -> \`${text}\`` };
}

const PCT = /^([+-]?)(\d+)(?:\.(\d+))?%$/;

/** A percentage moved by `units` of its last digit (sign kept; never through zero). */
function shiftPercent(text: string, units: number): string | null {
  const m = PCT.exec(text);
  if (!m) return null;
  const d = m[3]?.length ?? 0;
  const v = Math.abs(+`${m[2]}.${m[3] ?? '0'}`) + units * 10 ** -d;
  if (v <= 0) return null;
  return `${m[1]}${v.toFixed(d)}%`;
}

const percentClaims = (b: Base, where: (c: Claim) => boolean) => cleanClaims(b, 'improvement').filter((c) => PCT.test(c.text) && where(c));

/** A stated percentage off by clearly more than rounding (at least 10 % of itself, at least 5 units). */
const perturb =
  (where: (b: Base) => (c: Claim) => boolean, note: string): FaultMaker =>
  (b, rng) => {
    const cs = percentClaims(b, where(b));
    if (!cs.length) return null;
    const c = rng.pick(cs);
    const m = PCT.exec(c.text)!;
    const d = m[3]?.length ?? 0;
    const units = Math.max(5, Math.round((Math.abs(parseFloat(c.text)) * 0.1 + rng.next() * Math.abs(parseFloat(c.text)) * 0.3) * 10 ** d));
    const next = shiftPercent(c.text, rng.next() < 0.5 && parseFloat(c.text.replace('+', '')) * 10 ** d > units ? -units : units);
    return next ? replaceClaim(b, c, next, note) : null;
  };

const inConclusion = (b: Base) => {
  const t = conclusionTable(outline(b.text));
  return (c: Claim) => inTable(t, c.line);
};
const inSummary = (b: Base) => {
  const t = summaryTable(outline(b.text));
  return (c: Claim) => inTable(t, c.line);
};

/** A conclusion improvement perturbed: expect `claim-mismatch` on its row. */
export const percentPerturbed = perturb(inConclusion, 'conclusion percentage perturbed');

/** A summary step perturbed: the chain no longer multiplies out; expect a finding on the row. */
export const chainStepPerturbed = perturb(inSummary, 'summary step perturbed');

const PERCENT_FORMULA = /^\((\S+) \/ (\S+) - 1\) x 100$/;

/**
 * A percentage one unit off in its last digit, where the displayed inputs rule the stated value out (truncated
 * instead of rounded, or a typo): expect a finding (`claim-rounding` warning or `claim-mismatch`) on its row.
 */
export const percentOffByOne: FaultMaker = (b, rng) => {
  const cs = percentClaims(b, () => true).filter((c) => PERCENT_FORMULA.test(c.formula ?? ''));
  for (const c of rng.shuffle(cs)) {
    const [, x, y] = PERCENT_FORMULA.exec(c.formula!)!;
    const d = PCT.exec(c.text)![3]?.length ?? 0;
    const half = (s: string) => 0.5 * 10 ** -(/\.(\d+)/.exec(s)?.[1].length ?? 0);
    const lo = Math.abs(((+x - half(x)) / (+y + half(y)) - 1) * 100);
    const hi = Math.abs(((+x + half(x)) / (+y - half(y)) - 1) * 100);
    const units = rng.next() < 0.5 ? 1 : -1;
    const next = shiftPercent(c.text, units);
    if (!next) continue;
    const v = Math.abs(parseFloat(next));
    const u = 0.5 * 10 ** -d;
    // The new text must be impossible from any inputs within their display interval.
    if (v + u >= Math.min(lo, hi) && v - u <= Math.max(lo, hi)) continue;
    return replaceClaim(b, c, next, 'percentage one unit off');
  }
  return null;
};

/** A conclusion cell restating another run of the page (same metric, a clearly different value). */
export const cellFromOtherRun: FaultMaker = (b, rng) => {
  const t = conclusionTable(outline(b.text));
  const cs = cleanClaims(b, 'cell-value').filter((c) => inTable(t, c.line) && c.source);
  for (const c of rng.shuffle(cs)) {
    const metric = c.source!.metric;
    const stated = c.stated ?? NaN;
    const others = b.report.runs
      .map((r) => r.metrics[metric])
      .filter((m) => m && m.value !== null && Math.abs(m.value - stated) > Math.abs(stated) * 0.02 && /^\d+(\.\d+)?$/.test(m.text))
      .filter((m) => (m.text.split('.')[1]?.length ?? 0) === (c.text.split('.')[1]?.length ?? 0));
    if (!others.length) continue;
    const f = replaceClaim(b, c, rng.pick(others).text, 'conclusion cell from another run');
    if (f) return f;
  }
  return null;
};

/** A result block replaced by one from another page: expect `duplicate-block-across-pages` at the block. */
export const runFromOtherPage: FaultMaker = (b, rng, others) => {
  const mine = resultFences(outline(b.text)).filter((f) => f.close - f.open > 5);
  const donors = others.filter((o) => o.path !== b.path && resultFences(outline(o.text)).length);
  if (!mine.length || !donors.length) return null;
  const donor = rng.pick(donors);
  const dl = outline(donor.text);
  const df = rng.pick(resultFences(dl).filter((f) => f.close - f.open > 5));
  if (!df) return null;
  const target = rng.pick(mine);
  const lines = b.text.split('\n');
  const indent = /^\s*/.exec(lines[target.open])![0];
  const dIndent = /^\s*/.exec(dl.lines[df.open])![0].length;
  const body = dl.lines
    .slice(df.open + 1, df.close)
    .map((l) => (l.trim() ? indent + l.slice(Math.min(dIndent, /^\s*/.exec(l)![0].length)) : l));
  lines.splice(target.open + 1, target.close - target.open - 1, ...body);
  const a = body.findIndex((l) => /\d/.test(l) && unique(lines, l));
  if (a < 0) return null;
  return {
    text: lines.join('\n'),
    places: [{ anchor: body[a], before: a + 1, after: body.length - a }],
    donor: { path: donor.path, text: donor.text },
    note: `result block at line ${target.open + 2} replaced by the block at line ${df.open + 2} of ${donor.path}`,
  };
};

/**
 * The experiment behind a summary step removed: expect a finding (untraceable or a missing-experiment rule) on the
 * row. The experiment is the one the row names (its heading, without the number and the engine, holds the row's
 * option), and the base page must source the row's number from it too; otherwise the page is skipped.
 */
export const experimentRemoved: FaultMaker = (b, rng) => {
  const o = outline(b.text);
  const t = summaryTable(o);
  const exps = experiments(o);
  const name = (h: string) =>
    h
      .replace(/^\d+\.\s*/, '')
      .replace(/\s+in\s+\S+$/i, '')
      .toLowerCase();
  const cs = cleanClaims(b, 'improvement').filter((c) => inTable(t, c.line) && c.source);
  for (const c of rng.shuffle(cs)) {
    const e = exps.find((x) => c.source!.line - 1 > x.heading.index && c.source!.line - 1 < x.end);
    if (!e || e === exps[0]) continue;
    const named = cells(o.lines[c.line - 1]).some(
      (cell) => cell.trim().length > 2 && name(e.heading.text).includes(cell.trim().toLowerCase()),
    );
    if (!named) continue;
    const lines = [...o.lines];
    const rowText = lines[c.line - 1];
    const printed = lines[c.source!.line - 1].trim();
    lines.splice(e.heading.index, e.end - e.heading.index);
    if (!unique(lines, rowText)) continue;
    // A result the page shows again elsewhere (an "Other Benchmark Cases" block repeating the experiment's run)
    // still backs the row once the experiment is gone: no fault.
    if (lines.some((l) => l.trim() === printed)) continue;
    return { text: lines.join('\n'), places: [{ anchor: rowText, before: 0, after: 0 }], note: `experiment \`${e.heading.text}\` removed` };
  }
  return null;
};

/**
 * Fewer successful requests in a run than in the run it is compared with (a partial run): expect a finding on
 * the claim's row or at the run. `where` picks the table (conclusion, or summary steps).
 */
const unequalRequests =
  (where: (b: Base) => (c: Claim) => boolean, note: string): FaultMaker =>
  (b, rng) => {
    const cs = cleanClaims(b, 'improvement').filter((c) => where(b)(c) && c.source);
    for (const c of rng.shuffle(cs)) {
      const run = b.report.runs.find((r) => r.line <= c.source!.line && c.source!.line <= r.endLine);
      const req = run?.metrics.successful_requests;
      if (!run || !req || req.value === null || req.value < 20) continue;
      const lines = b.text.split('\n');
      const at = req.line - 1;
      const fewer = Math.round(req.value! * (0.6 + rng.next() * 0.3));
      lines[at] = lines[at].replace(new RegExp(`${req.text}\\s*$`), String(fewer));
      const rowText = lines[c.line - 1];
      if (lines[at] === b.text.split('\n')[at] || !unique(lines, lines[at]) || !unique(lines, rowText)) continue;
      return {
        text: lines.join('\n'),
        places: [
          { anchor: rowText, before: 0, after: 0 },
          { anchor: lines[at], before: at - (run.line - 1) + 1, after: run.endLine - 1 - at },
        ],
        note: `${note}: successful requests ${req.text} -> ${fewer} in the run at line ${run.line}`,
      };
    }
    return null;
  };

export const requestsUnequalConclusion = unequalRequests(inConclusion, 'conclusion run partial');
export const requestsUnequalStep = unequalRequests(inSummary, 'summary-step run partial');

export { valueOnLine };
