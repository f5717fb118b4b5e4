/**
 * The generalisation harness: real pages rewritten into structural variants (no fault; any new error is a false
 * error) and pages with one injected fault (a finding must appear at its place), run through `analyze` +
 * `checkAll`, with precision and recall per kind.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Message } from '../../src/lib/schemas/message.js';
import { base, check, newErrors, newMessages, type Base } from './base.js';
import { otherDecimals, summaryAgainstBaseline, summaryFiveColumns, summaryThreeColumns } from './derived.js';
import * as faults from './faults.js';
import * as shapes from './shapes.js';
import type { Fault, FaultMaker, Place } from './faults.js';
import { rng, type Rng } from './rng.js';
import {
  conclusionReordered,
  conclusionSplit,
  deeperExperiments,
  engineFirst,
  labelStyle,
  summaryReordered,
  summarySplit,
  type Variant,
} from './variants.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** Read the base pages (report pages only: the ones with experiments or a conclusion table). */
export function loadBases(files: readonly string[]): Base[] {
  return files
    .map((f) => ({ path: relative(ROOT, f), text: readFileSync(f, 'utf8') }))
    .filter((p) => /^## (Experiment Results|Conclusion)\b/m.test(p.text))
    .map(base);
}

/** Pure layout transforms: they keep table rows and fence bodies as they are, so they compose with faults. */
export const LAYOUTS: Record<string, Variant> = {
  'experiments ####': deeperExperiments,
  'engine-first': engineFirst,
  'label heading': labelStyle('heading'),
  'label bold': labelStyle('bold'),
  'label list item': labelStyle('list'),
  'summary rows reordered': summaryReordered,
  'conclusion rows reordered': conclusionReordered,
  'summary split': summarySplit,
  'conclusion split': conclusionSplit,
};

/** Variants re-rendered from the base page's runs (applied to the base text only). */
export const DERIVED: Record<string, (b: Base) => string | null> = {
  'decimals 1<->2': otherDecimals,
  'summary 3 columns': summaryThreeColumns,
  'summary 5 columns': summaryFiveColumns,
  'summary against baseline': summaryAgainstBaseline,
  'prose restates a run': shapes.proseRestatesRun,
  'summary unrelated row': shapes.summaryUnrelatedRow,
};

export const FAULTS: Record<string, FaultMaker> = {
  'percent perturbed': faults.percentPerturbed,
  'percent one unit off': faults.percentOffByOne,
  'chain step perturbed': faults.chainStepPerturbed,
  'cell from another run': faults.cellFromOtherRun,
  'run from another page': faults.runFromOtherPage,
  'experiment removed': faults.experimentRemoved,
  'requests unequal (conclusion)': faults.requestsUnequalConclusion,
  'requests unequal (summary step)': faults.requestsUnequalStep,
  'prose value wrong': shapes.proseValueWrong,
  'table delimiter removed': shapes.delimiterRemoved,
  'table row pipe missing': shapes.rowPipeMissing,
};

export interface Outcome {
  kind: string;
  family: 'variant' | 'fault';
  page: string;
  seed: number;
  /** Layout transforms applied (for a fault: after injecting it). */
  layouts: string[];
  /** Variant: new blocking errors on a page as correct as its base. Fault: new errors away from the fault's place. */
  falseErrors: Message[];
  /** Variant: new errors that re-raise a discrepancy the base page acknowledges (the acknowledgement no longer applies). */
  known: Message[];
  /** Fault: the claims at the fault's place (what the checker made of the faulty number). */
  claimsAt?: string[];
  /** For a fault: whether a new finding appeared at its place, and which. */
  found?: boolean;
  hits?: Message[];
  note?: string;
  text: string;
}

/** Apply `n` distinct layout transforms in random order; returns the names that applied. */
function layouts(text: string, r: Rng, n: number, only?: string): { text: string; names: string[] } {
  const names = only ? [only] : r.shuffle(Object.keys(LAYOUTS));
  const applied: string[] = [];
  let out = text;
  for (const name of names) {
    if (applied.length >= n) break;
    const next = LAYOUTS[name](out, r);
    if (next !== null && next !== out) {
      out = next;
      applied.push(name);
    }
  }
  return { text: out, names: applied };
}

/**
 * A new error that is a discrepancy the base page already states and acknowledges, raised again because the
 * layout moved the acknowledgement out of reach (same text, or a rule on the page's structure quoting the same
 * heading or label, or the same rule on a source line of the same text). Counted apart from false errors on correct
 * numbers.
 */
function reRaised(b: Base, m: Message, text: string): boolean {
  const acked = b.report.messages.filter((x) => x.acknowledged);
  if (acked.some((x) => x.ruleId === m.ruleId && x.message === m.message)) return true;
  if (m.ruleId.startsWith('claim-')) return false;
  // The same finding on the same source line, worded after the variant's new headings or labels.
  const lineOf = (t: string, n: number) => (t.split('\n')[n - 1] ?? '').trim();
  const flagged = lineOf(text, m.line);
  if (flagged && acked.some((x) => x.ruleId === m.ruleId && lineOf(b.text, x.line) === flagged)) return true;
  const quoted = (s: string) => (s.match(/`[^`]+`/g) ?? []).map((q) => q.replace(/^`\d+\.\s*/, '`'));
  const mine = quoted(m.message);
  return acked.some((x) => quoted(x.message).some((q) => mine.includes(q)));
}

/** 1-based lines where a place lies in a text, or null when its anchor is lost or not unique. */
function placeLines(text: string, p: Place): [number, number] | null {
  const lines = text.split('\n');
  const i = lines.indexOf(p.anchor);
  if (i < 0 || lines.lastIndexOf(p.anchor) !== i) return null;
  return [i + 1 - p.before, i + 1 + p.after];
}

/** A structural variant: one named transform (or derived variant), or a random combination of `combine` layouts. */
export function runVariant(b: Base, kind: string, seed: number, combine = 0): Outcome | null {
  const r = rng(seed);
  let text: string | null;
  let names: string[];
  if (kind in DERIVED) {
    text = DERIVED[kind](b);
    names = [kind];
  } else {
    const l = layouts(b.text, r, combine || 1, combine ? undefined : kind);
    text = l.names.length ? l.text : null;
    names = l.names;
  }
  if (text === null || text === b.text) return null;
  const [report] = check([{ path: b.path, text }]);
  const errors = newErrors(b, report.messages);
  const known = errors.filter((m) => reRaised(b, m, text));
  return {
    kind,
    family: 'variant',
    page: b.path,
    seed,
    layouts: names,
    falseErrors: errors.filter((m) => !known.includes(m)),
    known,
    text,
  };
}

/** A fault injected into a base page, then `combine` random layout transforms on top. */
export function runFault(b: Base, kind: string, seed: number, others: readonly Base[], combine = 0): Outcome | null {
  const r = rng(seed);
  const f: Fault | null = FAULTS[kind](b, r, others);
  if (!f) return null;
  const l = combine ? layouts(f.text, r, combine) : { text: f.text, names: [] };
  const ranges = f.places.map((p) => placeLines(l.text, p));
  if (ranges.some((x) => x === null)) return null;
  const pages = [{ path: b.path, text: l.text }, ...(f.donor ? [f.donor] : [])];
  const [report] = check(pages);
  const fresh = newMessages(b, report.messages).filter((m) => !m.acknowledged && (m.severity === 'error' || m.severity === 'warning'));
  const hits = fresh.filter((m) => ranges.some((x) => x && m.line >= x[0] && m.line <= x[1]));
  return {
    kind,
    family: 'fault',
    page: b.path,
    seed,
    layouts: l.names,
    falseErrors: fresh.filter((m) => m.severity === 'error' && !hits.includes(m)),
    known: [],
    claimsAt: report.claims
      .filter((c) => ranges.some((x) => x && c.line >= x[0] && c.line <= x[1]))
      .map((c) => `${c.line}:${c.column} \`${c.text}\` ${c.verdict}${c.formula ? ` from ${c.formula}` : ''}`),
    found: hits.length > 0,
    hits,
    note: f.note,
    text: l.text,
  };
}

export interface Row {
  kind: string;
  family: 'variant' | 'fault';
  pages: number;
  /** Variants: pages with no new error. Faults: faults found at their place. */
  good: number;
  /** Variants: false errors in all. Faults: found as an error (not only a warning). */
  count: number;
  /** Variants: acknowledged discrepancies of the base page raised again. */
  known: number;
  rules: Map<string, number>;
}

export function tabulate(outcomes: readonly Outcome[]): Row[] {
  const rows = new Map<string, Row>();
  for (const o of outcomes) {
    const row = rows.get(o.kind) ?? { kind: o.kind, family: o.family, pages: 0, good: 0, count: 0, known: 0, rules: new Map() };
    row.pages++;
    const counted = o.family === 'variant' ? o.falseErrors : (o.hits ?? []);
    if (o.family === 'variant') {
      if (!o.falseErrors.length) row.good++;
      row.count += o.falseErrors.length;
      row.known += o.known.length;
    } else {
      if (o.found) row.good++;
      if (o.hits?.some((m) => m.severity === 'error')) row.count++;
    }
    for (const m of counted) row.rules.set(m.ruleId, (row.rules.get(m.ruleId) ?? 0) + 1);
    rows.set(o.kind, row);
  }
  return [...rows.values()].sort((a, b) => (a.family === b.family ? 0 : a.family === 'variant' ? -1 : 1));
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');
const rulesText = (m: Map<string, number>) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} x${v}`)
    .join(', ') || '-';

/** The precision/recall table as Markdown. */
export function formatTable(rows: readonly Row[]): string {
  const out = [
    '| family | kind | pages | precision (pages with no new error) | false errors | re-raised acknowledged | recall (found at its place) | found as error | rules (false errors / findings at the place) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    out.push(
      r.family === 'variant'
        ? `| variant | ${r.kind} | ${r.pages} | ${pct(r.good, r.pages)} | ${r.count} | ${r.known} | | | ${rulesText(r.rules)} |`
        : `| fault | ${r.kind} | ${r.pages} | | | | ${pct(r.good, r.pages)} (${r.good}/${r.pages}) | ${r.count} | ${rulesText(r.rules)} |`,
    );
  }
  return out.join('\n');
}

const show = (m: Message) => `${m.line}:${m.column}  ${m.severity}  ${m.message}  ${m.ruleId}`;

/** One minimal example per failing kind: the lines around the finding (or the fault) and the message. */
export function examples(outcomes: readonly Outcome[]): string {
  const out: string[] = [];
  const seen = new Set<string>();
  // Prefer the example with the fewest layout transforms: the smallest change that shows the problem.
  const sorted = [...outcomes].sort((a, b) => a.layouts.length - b.layouts.length);
  for (const o of sorted) {
    const bad = o.family === 'variant' ? o.falseErrors.length + o.known.length > 0 : !o.found;
    const key = `${o.kind}|${o.family === 'variant' && !o.falseErrors.length ? 'known' : ''}`;
    if (!bad || seen.has(key)) continue;
    seen.add(key);
    const lines = o.text.split('\n');
    out.push(`#### ${o.family} \`${o.kind}\` (${o.page}, seed ${o.seed}${o.layouts.length ? `, layouts: ${o.layouts.join(' + ')}` : ''})`);
    if (o.family === 'variant') {
      const m = o.falseErrors[0] ?? o.known[0];
      if (!o.falseErrors.length) out.push('(an acknowledged discrepancy of the base page, raised again)');
      out.push('```text', ...excerpt(lines, m.line), '```', show(m));
    } else {
      out.push(`fault: ${o.note}`);
      out.push(`not found at its place; the checker says there: ${o.claimsAt?.length ? o.claimsAt.join('; ') : 'nothing'}`);
    }
    out.push('');
  }
  return out.join('\n');
}

function excerpt(lines: readonly string[], line: number): string[] {
  return lines
    .slice(Math.max(0, line - 3), line + 2)
    .map((l, i) => `${Math.max(1, line - 2) + i}: ${l.length > 220 ? `${l.slice(0, 220)}...` : l}`);
}

/** The whole campaign: each base page x each kind x `samples` seeds, plus combined layouts. */
export function campaign(bases: readonly Base[], samples: number, seed: number): Outcome[] {
  const out: Outcome[] = [];
  let s = seed;
  // Kinds added later draw their seeds from a sequence of their own, so the samples of the older kinds stay the same.
  let t = seed + 1_000_000;
  const next = (kind: string) => (shapes.LATER.has(kind) ? t++ : s++);
  for (const b of bases) {
    for (const kind of [...Object.keys(LAYOUTS), ...Object.keys(DERIVED)]) {
      const n = kind in DERIVED ? 1 : samples;
      for (let i = 0; i < n; i++) {
        const o = runVariant(b, kind, next(kind));
        if (o) out.push(o);
      }
    }
    for (let i = 0; i < samples; i++) {
      const o = runVariant(b, 'combined layouts', s++, 3);
      if (o) out.push({ ...o, kind: 'combined layouts' });
    }
    for (const kind of Object.keys(FAULTS)) {
      for (let i = 0; i < samples; i++) {
        const o = runFault(b, kind, next(kind), bases, i % 2);
        if (o) out.push(o);
      }
    }
  }
  return out;
}
