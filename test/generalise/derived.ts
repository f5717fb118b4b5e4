/**
 * Variants re-rendered from the runs: a percentage or ratio at another precision, a summary table with more
 * columns. The inputs are the displayed run values the base page's verified claims come from; a value whose
 * rounding is not settled by those displayed inputs is left as it is.
 */
import { cleanClaims, valueOnLine, type Base } from './base.js';
import { cells, outline, row, summaryTable, conclusionTable } from './structure.js';

const PERCENT = /^\((\S+) \/ (\S+) - 1\) x 100$/;
const RATIO = /^(\S+) \/ (\S+)$/;
const decimals = (s: string) => /\.(\d+)/.exec(s)?.[1].length ?? 0;

/** Round half-up at `d` decimals, or null when the inputs' display interval straddles a rounding boundary. */
function settled(lo: number, hi: number, d: number): string | null {
  const f = 10 ** d;
  const a = Math.round(lo * f + 1e-9);
  const b = Math.round(hi * f + 1e-9);
  return a === b ? (a / f).toFixed(d) : null;
}

/** The stated value from `a` and `b` as displayed (each +/- half a unit of its last digit). */
function interval(a: string, b: string, f: (x: number, y: number) => number): [number, number] {
  const ha = 0.5 * 10 ** -decimals(a);
  const hb = 0.5 * 10 ** -decimals(b);
  const xs = [f(+a - ha, +b - hb), f(+a - ha, +b + hb), f(+a + ha, +b - hb), f(+a + ha, +b + hb)];
  return [Math.min(...xs), Math.max(...xs)];
}

/** The text of a claim re-rendered at `d` decimals from its displayed inputs, or null. */
export function rerender(text: string, formula: string | null, d: number): string | null {
  const p = formula ? PERCENT.exec(formula) : null;
  const pm = /^([+-]?)(\d+(?:\.\d+)?)%$/.exec(text);
  if (p && pm) {
    const [lo, hi] = interval(p[1], p[2], (x, y) => (x / y - 1) * 100);
    const sign = lo < 0 ? -1 : 1;
    const v = settled(Math.min(Math.abs(lo), Math.abs(hi)), Math.max(Math.abs(lo), Math.abs(hi)), d);
    if (v === null || lo < 0 !== hi < 0 || +v === 0) return null;
    return `${sign < 0 ? '-' : pm[1] === '+' ? '+' : ''}${v}%`;
  }
  const r = formula ? RATIO.exec(formula) : null;
  const rm = /^(\d+(?:\.\d+)?)x( \w+)?$/.exec(text);
  if (r && rm) {
    const [lo, hi] = interval(r[1], r[2], (x, y) => x / y);
    const v = settled(lo, hi, d);
    return v === null ? null : `${v}x${rm[2] ?? ''}`;
  }
  return null;
}

/** Every verified percentage and ratio at the other precision (1 <-> 2 decimals) where its inputs settle it. */
export function otherDecimals(b: Base): string | null {
  const edits: { offset: number; end: number; text: string }[] = [];
  for (const c of cleanClaims(b, 'improvement')) {
    const d = decimals(c.text.replace(/x.*$/, '')) === 1 ? 2 : 1;
    const next = rerender(c.text, c.formula, d);
    if (next && next !== c.text) edits.push({ offset: c.offset, end: c.end, text: next });
  }
  if (!edits.length) return null;
  let text = b.text;
  for (const e of edits.sort((x, y) => y.offset - x.offset)) text = text.slice(0, e.offset) + e.text + text.slice(e.end);
  return text;
}

const METRIC_LABEL: Record<string, string> = { total_token_throughput: 'Total TPS', output_throughput: 'Output TPS' };

interface Step {
  option: string;
  /** null for a `-` row. */
  optimized: string | null;
  baseline: string | null;
  change: string | null;
  metric: string | null;
}

/** The rows of a two-column summary with the displayed runs behind each stated step, or null when not derivable. */
function steps(b: Base): { start: number; end: number; steps: Step[] } | null {
  const o = outline(b.text);
  const t = summaryTable(o);
  if (!t || cells(o.lines[t.start]).length !== 2) return null;
  const claims = cleanClaims(b, 'improvement');
  const out: Step[] = [];
  for (let i = t.start + 2; i < t.end; i++) {
    const [option, value] = cells(o.lines[i]);
    if (/^\s*-?\s*$/.test(value.replace(/<[^>]*>/g, ''))) {
      out.push({ option: option.trim(), optimized: null, baseline: null, change: null, metric: null });
      continue;
    }
    const c = claims.find((x) => x.line === i + 1);
    if (!c?.source || !c.sources[0] || !PERCENT.test(c.formula ?? '')) return null;
    const optimized = valueOnLine(b.text, c.source.line);
    const baseline = valueOnLine(b.text, c.sources[0].line);
    if (!optimized || !baseline || !METRIC_LABEL[c.source.metric]) return null;
    out.push({ option: option.trim(), optimized, baseline, change: c.text, metric: METRIC_LABEL[c.source.metric] });
  }
  return out.some((s) => s.change) ? { start: t.start, end: t.end, steps: out } : null;
}

const span = (s: string) => `<span style="background-color:lightgreen;">${s}</span>`;

/** A two-column summary as three columns: option, optimized run (with the step), baseline run. */
export function summaryThreeColumns(b: Base): string | null {
  const s = steps(b);
  if (!s) return null;
  const rows = s.steps.map((x) =>
    x.change
      ? row([x.option, `${x.metric}: ${x.optimized} ${span(`(${x.change})`)}`, `${x.metric}: ${x.baseline}`])
      : row([x.option, '-', '-']),
  );
  const lines = b.text.split('\n');
  lines.splice(s.start, s.end - s.start, '| Optimization Option | Optimized | Baseline |', '|---|---|---|', ...rows);
  return lines.join('\n');
}

/** A two-column summary as five columns: case, option, optimized, baseline, change (the case from the conclusion). */
export function summaryFiveColumns(b: Base): string | null {
  const s = steps(b);
  const o = outline(b.text);
  const t = conclusionTable(o);
  if (!s || !t) return null;
  const benchmarkCase = cells(o.lines[t.start + 2])[0]
    .replace(/\*\*/g, '')
    .trim();
  const rows = s.steps.map((x) => row([benchmarkCase, x.option, x.optimized ?? '-', x.baseline ?? '-', x.change ? span(x.change) : '-']));
  const lines = b.text.split('\n');
  lines.splice(
    s.start,
    s.end - s.start,
    '| Benchmark Case | Group | Optimized | Baseline | Comparison |',
    '|---|---|---:|---:|---|',
    ...rows,
  );
  return lines.join('\n');
}

/**
 * A chain summary rewritten against one baseline (the chain's first baseline run): three columns, each stated step's
 * optimized run held against that baseline, the change recomputed from the displayed values; `-` rows kept.
 */
export function summaryAgainstBaseline(b: Base): string | null {
  const s = steps(b);
  const origin = s?.steps.find((x) => x.baseline);
  if (!s || !origin) return null;
  const rows: string[] = [];
  for (const x of s.steps) {
    if (!x.optimized) {
      rows.push(row([x.option, '-', '-']));
      continue;
    }
    const change = rerender('+0.0%', `(${x.optimized} / ${origin.baseline} - 1) x 100`, decimals(x.change ?? '0.0'));
    if (!change) return null;
    rows.push(row([x.option, `${x.metric}: ${x.optimized} ${span(`(${change})`)}`, `${origin.metric}: ${origin.baseline}`]));
  }
  const lines = b.text.split('\n');
  lines.splice(s.start, s.end - s.start, '| Benchmark Cases | Optimized | Baseline |', '|---|---|---|', ...rows);
  return lines.join('\n');
}
