import type { Table } from 'mdast';
import { checkPercentChange, checkValue } from '../claims/check.js';
import { checkEssayTable, parseEssayTable, type EssayCheck, type EssayTable } from '../claims/essay-table.js';
import { parseEssayClaims } from '../claims/essay-prose.js';
import type { Stated } from '../claims/stated.js';
import type { ProseBlock } from '../model/extract.js';
import { cellSource, plain, sourceOf } from '../model/text.js';
import type { ClaimSource } from '../schemas/claim.js';
import type { PageContext } from './context.js';

/** A parsed results table of an essay, kept so that the essay's bullets can be checked against it. */
export interface ReadTable {
  node: Table;
  header: string[];
  table: EssayTable;
  checks: EssayCheck[];
}

/**
 * Tables whose cells state changes (`5653.4 (+46.1%)`, a `Change`, `Performance Gain` or `Boost` column):
 * each change is recomputed from the two values it compares, on the table's own numbers.
 */
export function verifyEssayTable(ctx: PageContext, node: Table): ReadTable | null {
  const [headerRow, ...rows] = node.children;
  if (!headerRow || rows.length === 0) return null;
  const header = headerRow.children.map((c) => plain(c));
  const raws = rows.map((r) => r.children.map((c) => cellSource(ctx.analysis.source, c)));
  const table = parseEssayTable(
    header,
    raws.map((r) => r.map((c) => c.text)),
  );
  if (table.changes.length === 0 && table.annotated.length === 0) return null;
  const checks = checkEssayTable(table);
  for (const check of checks) {
    const cell = raws[check.row]?.[check.column];
    if (!cell) continue;
    const source = tableSource(ctx, node, check.row, header[check.column] ?? '');
    const sources = check.baselineRow !== undefined ? [tableSource(ctx, node, check.baselineRow, header[check.column] ?? '')] : [];
    ctx.add('essay-change', check.stated, cell.base, check.result, source, sources);
  }
  return { node, header, table, checks };
}

/**
 * Essay bullets that restate a table (`**Dynamic FP8**: +14.8% TPS`): the row is found by its label's words
 * (`FP8 Dynamic`), the column by the metric word; the percentage is recomputed from that row and the
 * table's baseline row. `up to +46%` is checked against the largest change stated in the tables.
 */
export function verifyEssayProse(ctx: PageContext, block: ProseBlock, tables: readonly ReadTable[]): void {
  const raw = sourceOf(ctx.analysis.source, block.node);
  const base = block.node.position?.start.offset ?? 0;
  for (const claim of parseEssayClaims(raw)) {
    const s = claim.value;
    if (claim.qualifier === 'up-to') {
      const best = largestChange(tables, Math.sign(s.value));
      ctx.add('essay-change', s, base, best ? checkValue(s, { value: best.stated.value, decimals: best.stated.decimals }, { label: 'largest stated change' }) : null, best?.source ?? null);
      continue;
    }
    const hit = claim.label && claim.metric ? findCell(ctx, tables, claim.label, claim.metric) : null;
    if (!hit) {
      ctx.add('essay-change', s, base, null, null);
      continue;
    }
    const result = checkPercentChange(s, hit.baseline, hit.value);
    ctx.add('essay-change', s, base, result, hit.source, [hit.baselineSource]);
  }
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .sort();
}

const METRIC_COLUMN: Array<[RegExp, RegExp]> = [
  [/^(tps|throughput)$/i, /throughput|tps/i],
  [/^ttft$/i, /ttft/i],
  [/^tpot$/i, /tpot/i],
  [/^itl$/i, /itl/i],
];

function findCell(ctx: PageContext, tables: readonly ReadTable[], label: string, metric: string) {
  const want = words(label).join(' ');
  const columnTest = METRIC_COLUMN.find(([m]) => m.test(metric))?.[1];
  if (!columnTest) return null;
  for (const t of tables) {
    const row = t.table.labels.findIndex((l) => words(l).join(' ') === want);
    const column = t.header.findIndex((h) => columnTest.test(h));
    if (row < 0 || column < 0) continue;
    const value = t.table.annotated.find((a) => a.row === row && a.column === column)?.value ?? plainValue(t, row, column);
    const baselineRow = t.checks.find((c) => c.column === column && c.baselineRow !== undefined)?.baselineRow ?? t.checks.find((c) => c.baselineRow !== undefined)?.baselineRow;
    const baseline = baselineRow !== undefined ? plainValue(t, baselineRow, column) : null;
    if (!value || !baseline || baselineRow === undefined) continue;
    return {
      value,
      baseline,
      source: tableSource(ctx, t.node, row, t.header[column]),
      baselineSource: tableSource(ctx, t.node, baselineRow, t.header[column]),
    };
  }
  return null;
}

function plainValue(t: ReadTable, row: number, column: number): Stated | null {
  return (
    t.table.plain.get(column)?.find((p) => p.row === row)?.value ??
    t.table.annotated.find((a) => a.row === row && a.column === column)?.value ??
    null
  );
}

function largestChange(tables: readonly ReadTable[], sign: number): { stated: Stated; source: ClaimSource | null } | null {
  let best: Stated | null = null;
  for (const t of tables) for (const a of t.table.annotated) if (Math.sign(a.change.value) === sign && (!best || Math.abs(a.change.value) > Math.abs(best.value))) best = a.change;
  return best ? { stated: best, source: null } : null;
}

function tableSource(ctx: PageContext, node: Table, row: number, column: string): ClaimSource {
  const line = node.children[row + 1]?.position?.start.line ?? node.position?.start.line ?? 1;
  return { path: ctx.path, line, metric: column, runId: '' };
}
