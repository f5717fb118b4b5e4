/**
 * Essay tables (FORMATS.md 3.4, references/*): a `Change` / `Performance Gain` / `Performance Boost`
 * column next to the two values it compares, and value cells annotated with their gain over the table's
 * baseline row (`5653.4 (+46.1%)`).
 *
 * Formulas: a difference = second - first (signed, an `Absolute` / `Δ` column); a percent change = (second /
 * first - 1) x 100 (signed, `Change`); the two values are the nearest value columns on the left. A `Gain` that only
 * reproduces the other way round is accepted as (first / second - 1) x 100 (lower-is-better columns);
 * a boost `N.NNx` = larger / smaller. An annotated cell = (value / baseline - 1) x 100, where the baseline
 * row is the unannotated row of that column that reproduces the most annotations (ties: a row whose
 * label says `baseline`, then the first).
 * Tolerance: checkPercentChange / checkRatio in `displayed` mode (inputs +/- half a unit).
 * ok: `| FP8 Dynamic | 15275.64 (+14.8%) |` with `| BF16 | 13305.38 |`.
 */
import { parseCell, unworded } from './cells.js';
import { checkPercentChange } from './check-percent.js';
import { checkRatio } from './check-ratio.js';
import { visibleText } from './html.js';
import { statedGroup } from './match.js';
import { judge, type CheckResult } from './result.js';
import { inputsTolerance, intervalOf, show } from './operand.js';
import { sub } from '../numbers/interval.js';
import { NUM, type Stated } from './stated.js';

export type ChangeKind = 'change' | 'gain' | 'boost' | 'difference';

export interface ChangeCell {
  row: number;
  column: number;
  kind: ChangeKind;
  /** The stated change (`percent` or `ratio`). */
  stated: Stated;
  /** The two compared values (columns `column - 2` and `column - 1`); null when not numeric. */
  first: Stated | null;
  second: Stated | null;
}

export interface AnnotatedCell {
  row: number;
  column: number;
  value: Stated;
  change: Stated;
}

export interface EssayTable {
  changes: ChangeCell[];
  annotated: AnnotatedCell[];
  /** Per column holding annotations: its plain (unannotated) numeric cells, baseline candidates. */
  plain: Map<number, Array<{ row: number; value: Stated }>>;
  /** Row labels (first cell, visible text). */
  labels: string[];
  /** Per row holding annotations: the numeric cells of its other columns (a plain value, or an annotated cell's value). */
  rowValues: Map<number, Array<{ column: number; value: Stated }>>;
}

const CHANGE_HEADERS: Array<[RegExp, ChangeKind]> = [
  // `Absolute change`, `Δ`, `提升绝对值`: second - first, signed, in the values' unit.
  [/\babsolute\b|\bdifference\b|\bdiff\b|Δ|\bdelta\b|绝对值|差值|差异值|차이/i, 'difference'],
  [/^change(?: ?\(%\)| ?%)?$/i, 'change'],
  // `性能提升百分比`, `变化率`, `향상률`: a signed percent change.
  [/提升|变化|增幅|百分比|변화율|향상률|증감률/, 'change'],
  [/gain/i, 'gain'],
  [/boost|speed-?up/i, 'boost'],
];
// `6,300 (-25%)`, also with a word after the change inside the brackets (`7,770 (+23% better)`).
const ANNOTATED = new RegExp(String.raw`^\s*(${NUM})\s*\(\s*(${NUM})\s*(%)\s*(?:[^\d().%]{1,16})?\)\s*$`, 'd');
// Emphasis around a cell's number (`**+5.34%**`) is decoration.
const PERCENT = new RegExp(String.raw`^[\s*_]*(${NUM})\s*(%)[\s*_]*$`, 'd');
const RATIO = new RegExp(String.raw`^[\s*_]*(${NUM})\s*(x)[\s*_]*$`, 'di');
const PLAIN = new RegExp(String.raw`^[\s*_]*(${NUM})[\s*_]*$`, 'd');

function changeKind(header: string): ChangeKind | null {
  const text = visibleText(header).text;
  return CHANGE_HEADERS.find(([re]) => re.test(text.trim()))?.[1] ?? null;
}

function plainValue(raw: string): Stated | null {
  const v = visibleText(raw);
  const m = PLAIN.exec(v.text);
  return m ? statedGroup(v, m, 'value', 1, '') : null;
}

/** Parse a table given as raw header cells and raw row cells (offsets are per cell). */
export function parseEssayTable(header: readonly string[], rows: readonly (readonly string[])[]): EssayTable {
  const kinds = header.map(changeKind);
  const changes: ChangeCell[] = [];
  const annotated: AnnotatedCell[] = [];
  const plain = new Map<number, Array<{ row: number; value: Stated }>>();
  rows.forEach((cells, r) => {
    cells.forEach((raw, c) => {
      const kind = kinds[c];
      const v = visibleText(raw);
      if (kind && c >= 3) {
        // The two values compared: the nearest two columns on the left that are values (not changes themselves).
        const values = [...kinds.keys()].filter((k) => k > 0 && k < c && !kinds[k]).slice(-2);
        const [first, second] = values.length === 2 ? values.map((k) => plainValue(cells[k])) : [null, null];
        const text = unworded(v.text);
        if (kind === 'difference') {
          const d = PLAIN.exec(text);
          const stated = d && statedGroup(v, d, 'difference', 1, '');
          if (stated) changes.push({ row: r, column: c, kind, stated, first, second });
          return;
        }
        const m = PERCENT.exec(text) ?? RATIO.exec(text);
        const isRatio = m?.[2].toLowerCase() === 'x';
        const stated = m && statedGroup(v, m, isRatio ? 'ratio' : 'percent', 1, isRatio ? 'x' : '%', 2);
        if (stated) changes.push({ row: r, column: c, kind, stated, first, second });
        return;
      }
      const a = ANNOTATED.exec(v.text);
      if (a && c > 0) {
        const value = statedGroup(v, a, 'value', 1, '');
        const change = statedGroup(v, a, 'percent', 2, '%', 3);
        if (value && change) annotated.push({ row: r, column: c, value, change });
      }
    });
  });
  for (const col of new Set(annotated.map((a) => a.column))) {
    const list: Array<{ row: number; value: Stated }> = [];
    rows.forEach((cells, r) => {
      const value = cells[col] === undefined ? null : plainValue(cells[col]);
      if (value) list.push({ row: r, value });
    });
    plain.set(col, list);
  }
  const rowValues = new Map<number, Array<{ column: number; value: Stated }>>();
  for (const r of new Set(annotated.map((a) => a.row))) {
    const list: Array<{ column: number; value: Stated }> = [];
    rows[r].forEach((raw, c) => {
      const value = c === 0 ? null : (plainValue(raw) ?? annotated.find((a) => a.row === r && a.column === c)?.value ?? null);
      if (value) list.push({ column: c, value });
    });
    rowValues.set(r, list);
  }
  const labels = rows.map((cells) => (cells[0] === undefined ? '' : parseCell(cells[0]).text.trim()));
  return { changes, annotated, plain, labels, rowValues };
}

export interface EssayCheck {
  row: number;
  column: number;
  stated: Stated;
  result: CheckResult;
  /** For annotated cells, the baseline row used. */
  baselineRow?: number;
  /** For annotations read along their row, the column of the value compared with. */
  baselineColumn?: number;
}

function checkChange(c: ChangeCell): CheckResult | null {
  if (!c.first || !c.second) return null;
  if (c.kind === 'difference') {
    const [a, b] = [c.first, c.second];
    return judge(
      c.stated,
      b.value - a.value,
      sub(intervalOf(b), intervalOf(a)),
      'displayed',
      `${show(b)} - ${show(a)}`,
      inputsTolerance([a, b]),
    );
  }
  if (c.kind === 'boost' || c.stated.role === 'ratio') {
    const [hi, lo] = c.first.value >= c.second.value ? [c.first, c.second] : [c.second, c.first];
    return checkRatio(c.stated, hi, lo, 'faster', 'displayed');
  }
  const forward = checkPercentChange(c.stated, c.first, c.second);
  if (forward.verdict === 'verified' || c.kind === 'change') return forward;
  const inverse = checkPercentChange(c.stated, c.first, c.second, { better: 'lower' });
  return inverse.verdict === 'verified' ? inverse : forward;
}

/**
 * Annotations read along their rows (a column per run, a row per metric: `| tok/s | 8,400 | 6,300 (-25%) |`):
 * each against the other numeric cells of its row, verified when one of them reproduces it, else a mismatch
 * against the row's first (every cell of the row gives another value). Taken when more annotations reproduce
 * along the rows than along the columns (the column's baseline row that reproduces the most); null otherwise.
 */
function rowChecks(table: EssayTable): EssayCheck[] | null {
  let alongRows = 0;
  const out: EssayCheck[] = [];
  for (const a of table.annotated) {
    const others = (table.rowValues.get(a.row) ?? []).filter((x) => x.column !== a.column);
    const results = others.map((b) => ({ b, result: checkPercentChange(a.change, b.value, a.value) }));
    const hit = results.find((x) => x.result.verdict === 'verified') ?? results[0];
    if (!hit) continue;
    if (hit.result.verdict === 'verified') alongRows++;
    out.push({ row: a.row, column: a.column, stated: a.change, result: hit.result, baselineColumn: hit.b.column });
  }
  let alongColumns = 0;
  for (const [col, candidates] of table.plain) {
    const cells = table.annotated.filter((a) => a.column === col);
    const best = Math.max(
      0,
      ...candidates.map((b) => cells.filter((a) => checkPercentChange(a.change, b.value, a.value).verdict === 'verified').length),
    );
    alongColumns += best;
  }
  return alongRows > alongColumns ? out : null;
}

/** Check every change cell and every annotated cell of a parsed essay table. */
export function checkEssayTable(table: EssayTable): EssayCheck[] {
  const out: EssayCheck[] = [];
  for (const c of table.changes) {
    const result = checkChange(c);
    if (result) out.push({ row: c.row, column: c.column, stated: c.stated, result });
  }
  const byRow = rowChecks(table);
  if (byRow) return [...out, ...byRow].sort((a, b) => a.row - b.row || a.column - b.column);
  for (const [col, candidates] of table.plain) {
    const cells = table.annotated.filter((a) => a.column === col);
    const scored = candidates.map((b) => {
      const results = cells.map((a) => checkPercentChange(a.change, b.value, a.value));
      const score = results.filter((r) => r.verdict === 'verified').length;
      const named = /baseline/i.test(table.labels[b.row] ?? '') ? 1 : 0;
      return { b, results, score, named };
    });
    scored.sort((x, y) => y.score - x.score || y.named - x.named);
    const best = scored[0];
    if (!best) continue;
    cells.forEach((a, i) => out.push({ row: a.row, column: a.column, stated: a.change, result: best.results[i], baselineRow: best.b.row }));
  }
  return out.sort((a, b) => a.row - b.row || a.column - b.column);
}
