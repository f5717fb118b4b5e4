/**
 * Ordinary Markdown tables that restate or compare runs: a row per run (`| this PR | 287.00 | ... |`) or a
 * column per run (`| Median TTFT (ms) | 1022.13 | 287.00 | -71.9% |`). Each numeric cell gets its metric from
 * its column header or row label, its unit from the header (`(ms)`, `(s)`), and its runs from the other axis.
 * Cells read: `1,234.56`, `~4,935`, `25.22 s`, `120 ± 8` (a centre and its spread, each a claim), `-70.8%`, `**8.02x faster**`.
 */
import { visibleText, type VisibleText } from '../html.js';
import { NUM, statedAt } from '../stated.js';
import type { EssayPage } from './page.js';
import { mentions, namedByWords, type NamedRun } from './runs.js';
import { unworded } from '../cells.js';
import { normalise, speaksOfRepeats, spreadKind, type ProseNumber, type Spread } from './sentence.js';
import { directionOf, metricsIn, type MetricRef } from './vocab.js';

export interface TableNumber extends ProseNumber {
  row: number;
  column: number;
  /** Unit of the header or row label, for unitless cells. */
  unit: string;
  /** Runs named by the other axis, one entry per run the table names. */
  named: NamedRun[][];
  /** Runs the table names on its run axis (the scope of its comparisons). */
  tableRuns: NamedRun[];
}

// Every blank belongs to the token before it (or to the leading and trailing decoration), so no two repetitions
// can share a run of blanks and a cell that does not match fails in linear time.
export const CELL = new RegExp(
  String.raw`^[\s*_]*(?:(?:快|慢|提升|提高|降低|减少|下降|增加)\s*)?(?:了\s*)?(?:(~|≈|约|약|about(?=\s))\s*)?(${NUM})([kKM](?![A-Za-z]))?(?:\s*(%|x(?![A-Za-z0-9])|倍|배|ms|s|tok\/s|t\/s|req\/s))?(\s*(?:faster|slower|higher|lower|speed-?up|better|worse))?(?:\s*(±|\+\/-)\s*([\d.,]+)(?:\s*(%|ms|s))?)?[\s*_]*$`,
  'di',
);
/** A row label that names the reference of a table's changes. */
const BASELINE = /\b(?:baseline|main|before|default|reference)\b|基线|基准|原始|默认/i;
const CHANGE_HEADER = /\bvs\.?\b|versus|change|Δ|delta|diff|gain|speed-?up|improvement|提升|变化|对比|相比/i;
const HEADER_UNIT =
  /\((ms|s|sec|tok\/s|t\/s|tokens\/s|tok\/sec|tokens\/sec|req\/s|req\/sec|requests\/s|qps)\)|\b(ms|tok\/s|t\/s|req\/s)\b/i;
const UNIT_NAMES: Readonly<Record<string, string>> = {
  sec: 's',
  't/s': 'tok/s',
  'tokens/s': 'tok/s',
  'tok/sec': 'tok/s',
  'tokens/sec': 'tok/s',
  'req/sec': 'req/s',
  'requests/s': 'req/s',
  qps: 'req/s',
};

/** The factor of a `K` / `M` suffix. */
const SUFFIX: Readonly<Record<string, number>> = { k: 1000, K: 1000, M: 1_000_000 };

/** A unit written in a cell (`t/s` is `tok/s`). */
function unitOfWord(word: string): string {
  return UNIT_NAMES[word] ?? word;
}

function unitOf(text: string): string {
  const m = HEADER_UNIT.exec(text);
  const u = (m?.[1] ?? m?.[2] ?? '').toLowerCase();
  return UNIT_NAMES[u] ?? u;
}

/**
 * A cell's text without what follows its content: the last cell of a row may run on past its closing pipe
 * (`| 515,914.01 |` and trailing blanks or a tab). A scan from the end; the offsets of the rest are kept.
 */
export function cellContent(raw: string): string {
  let end = raw.length;
  const blank = (ch: string) => ch === ' ' || ch === '\t' || ch === '\r';
  while (end > 0 && blank(raw[end - 1])) end--;
  if (end > 0 && raw[end - 1] === '|' && raw[end - 2] !== '\\') end--;
  return raw.slice(0, end);
}

function runsIn(text: string, page: EssayPage): NamedRun[] {
  const found = mentions(text, page.runs);
  if (found.length === 1) return found[0].runs;
  // No run's name written as such: the run whose own words the label uses, when one run's alone.
  const byWords = found.length === 0 ? namedByWords(text, page.runs) : null;
  return byWords ? [byWords] : [];
}

/** The numeric cells of a table, with metric, unit and runs; cells with no metric on either axis are left out. */
export function readTableNumbers(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  page: EssayPage,
  scope: readonly NamedRun[],
): TableNumber[] {
  const head = header.map((h) => normalise(visibleText(cellContent(h)).text));
  const firsts = rows.map((r) => normalise(visibleText(cellContent(r[0] ?? '')).text));
  // A change column (`pp512 vs 600W`) names the run its changes compare against, not a run of its own.
  const changeColumn = head.map((h) => CHANGE_HEADER.test(h));
  const against = head.map((h, c) => (c > 0 && changeColumn[c] ? runsIn(h, page) : []));
  const colRuns = head.map((h, c) => (c === 0 || changeColumn[c] ? [] : runsIn(h, page)));
  const rowRuns = firsts.map((f) => runsIn(f, page));
  const colMetric = head.map((h): MetricRef | null => metricsIn(h)[0] ?? null);
  const rowMetric = firsts.map((f): MetricRef | null => metricsIn(f)[0] ?? null);
  const byColumn = colRuns.filter((r) => r.length > 0).length >= 2;
  const tableRuns = [...new Set((byColumn ? colRuns : rowRuns).flat())];
  const out: TableNumber[] = [];
  rows.forEach((cells, r) => {
    cells.forEach((cell, c) => {
      // GFM drops the cells of a row beyond its header's: they have no column, metric or run.
      if (c === 0 || c >= header.length) return;
      const raw = cellContent(cell);
      const v0 = visibleText(raw);
      // Under a change header (`Change`, `vs A`), a change may follow a word (`~unchanged (1.07x)`).
      const text = normalise(v0.text);
      const v: VisibleText = { ...v0, text: CHANGE_HEADER.test(head[c]) ? unworded(text) : text };
      const m = CELL.exec(v.text);
      if (!m) return;
      const unitRaw = (m[4] ?? '').toLowerCase();
      const kind = unitRaw === '%' ? 'percent' : unitRaw === 'x' || unitRaw === '倍' || unitRaw === '배' ? 'ratio' : 'value';
      // A change column (`vs Baseline`) compares the metric of the nearest metric column on its left.
      let left = c - 1;
      while (kind !== 'value' && left > 0 && !colMetric[left]) left--;
      const borrowed = !colMetric[c] && !rowMetric[r] && kind !== 'value' && left > 0 ? colMetric[left] : null;
      // A header that names a run (`P: Throughput-Tuned`) says which run, not which metric, when the row label names one.
      const metric = (colRuns[c].length > 0 && rowMetric[r] ? rowMetric[r] : colMetric[c]) ?? rowMetric[r] ?? borrowed;
      if (!metric) return;
      const [ns, ne] = m.indices![2]!;
      const end = m.indices![5]?.[1] ?? m.indices![4]?.[1] ?? m.indices![3]?.[1] ?? ne;
      const cellUnit = colMetric[c] ? unitOf(head[c]) || unitOf(firsts[r]) : unitOf(firsts[r]) || unitOf(head[c]);
      // `12.5K`: thousands or millions of a rate; on anything else the cell is not a measurement this reader knows.
      const scale = m[3] ? SUFFIX[m[3]] : undefined;
      if (scale !== undefined && (kind !== 'value' || !['tok/s', 'req/s'].includes(unitRaw ? unitOfWord(unitRaw) : cellUnit))) return;
      const unit = kind === 'percent' ? '%' : kind === 'ratio' ? 'x' : unitRaw;
      const stated = statedAt(v, kind === 'value' ? 'value' : kind, ns, end, v.text.slice(ns, ne), unit);
      if (!stated) return;
      stated.claim = raw.slice(stated.offset, stated.end);
      // `120 ± 8`: the centre is the claim above; the spread, and what the header or row label says it is.
      let spread: Spread | undefined;
      if (kind === 'value' && m[7] !== undefined && scale === undefined) {
        const value = statedAt(v, 'value', m.indices![6]![0], m.indices![8]?.[1] ?? m.indices![7]![1], m[7], m[8] ?? unit);
        if (value) {
          value.claim = raw.slice(value.offset, value.end);
          const said = `${head[c]} ${firsts[r]}`;
          spread = { centre: stated, value, kind: spreadKind(said), repeats: speaksOfRepeats(said) };
        }
      }
      const own = byColumn ? colRuns[c] : rowRuns[r];
      let named: NamedRun[][];
      if (kind === 'value') named = own.length > 0 ? [own] : [];
      else if (own.length > 0) {
        // A row per run: a change compares the row with the table's baseline row, when one row says so.
        const base = byColumn ? [] : rowRuns.filter((x, i) => i !== r && x.length > 0 && BASELINE.test(firsts[i]));
        const other = base.length === 1 ? base[0] : byColumn ? [] : against[c].filter((x) => !own.includes(x));
        named = other.length > 0 ? [own, other] : [own];
      } else named = byColumn ? colRuns.filter((x) => x.length > 0) : [];
      out.push({
        row: r,
        column: c,
        kind,
        stated,
        metric,
        approx: !!m[1],
        // Right after its metric column, a column headed as a change (`vs Baseline`, `Δ`) is read with certainty.
        borrowed: borrowed !== null && !(left === c - 1 && CHANGE_HEADER.test(head[c])),
        bound: null,
        multiple: unitRaw === '倍' || unitRaw === '배',
        ...(scale !== undefined ? { scale } : {}),
        ...(spread ? { spread } : {}),
        direction: kind === 'percent' ? directionOf(v.text.slice(ns, ne)[0], v.text, metric.family) : null,
        context: v.text,
        clause: v.text,
        unit: cellUnit,
        named,
        tableRuns: tableRuns.length > 0 ? tableRuns : [...scope],
      });
    });
  });
  return out;
}
