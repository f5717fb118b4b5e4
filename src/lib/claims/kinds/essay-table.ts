/**
 * Essay tables whose cells state changes (`5653.4 (+46.1%)`, a `Change`, `Performance Gain` or `Boost` column):
 * each change is recomputed from the two values it compares, on the table's own numbers.
 */
import type { Table } from 'mdast';
import { checkEssayTable, parseEssayTable, type EssayCheck, type EssayTable } from '../essay-table.js';
import { plain } from '../../model/text.js';
import type { ClaimSite } from '../../model/sites.js';
import type { ClaimSource } from '../../schemas/claim.js';
import type { PageContext } from '../verify/context.js';
import { claimKind } from './types.js';
import type { Claim } from '../../schemas/claim.js';
import { essayPage, scopeRuns } from '../essay/page.js';
import { nearValue, oneRunOf, resolveNumber, spreadVerdict } from '../essay/resolve.js';
import type { NamedRun } from '../essay/runs.js';
import { setupRows } from '../essay/setup-rows.js';
import { readTableNumbers } from '../essay/table.js';

/** A parsed results table of an essay, kept so that the essay's bullets can be checked against it. */
export interface ReadTable {
  node: Table;
  header: string[];
  table: EssayTable;
  checks: EssayCheck[];
  /** Raw cells (text and source offset) by row. */
  cells: Array<Array<{ text: string; base: number }>>;
}

/** Read and check one table that is neither a conclusion nor a summary table; null when it states no change. */
function readEssayTable(ctx: PageContext, node: Table): ReadTable | null {
  const [headerRow, ...rows] = node.children;
  if (!headerRow || rows.length === 0) return null;
  const header = headerRow.children.map((c) => plain(c));
  const cells = rows.map((r) => r.children.map((c) => ctx.cell(c)));
  const table = parseEssayTable(
    header,
    cells.map((r) => r.map((c) => c.text)),
  );
  if (table.changes.length === 0 && table.annotated.length === 0) return null;
  return { node, header, table, checks: checkEssayTable(table), cells };
}

/** Every essay table of the page, read once (essay bullets restate them). */
export function essayTables(ctx: PageContext): ReadTable[] {
  return ctx.memo('essay-tables', () =>
    ctx.analysis.sites.flatMap((s: ClaimSite) =>
      s.kind === 'table' && s.role === 'other' ? [readEssayTable(ctx, s.node)].filter((t): t is ReadTable => !!t) : [],
    ),
  );
}

/** Where a row of an essay table is: the claim's source (tables have no run). */
export function tableSource(ctx: PageContext, node: Table, row: number, column: string): ClaimSource {
  const line = node.children[row + 1]?.position?.start.line ?? node.position?.start.line ?? 1;
  return { path: ctx.path, line, metric: column, runId: '' };
}

export const essayTable = claimKind<{ node: Table; read: ReadTable | null }>({
  kind: 'essay-table',
  find(site, ctx) {
    if (site.kind !== 'table' || site.role !== 'other') return [];
    const read = essayTables(ctx).find((t) => t.node === site.node) ?? null;
    return read || essayPage(ctx) ? [{ node: site.node, read }] : [];
  },
  verify({ node, read }, ctx) {
    const own = read ? ownChecks(node, read, ctx) : [];
    return [...own, ...runChecks(node, read, ctx)];
  },
});

/**
 * On a page with runs: every numeric cell that restates or compares runs, traced to them (cells the table's own
 * change columns already check are left to those).
 */
function runChecks(node: Table, read: ReadTable | null, ctx: PageContext): Claim[] {
  const page = essayPage(ctx);
  const [headerRow, ...rows] = node.children;
  if (!page || !headerRow) return [];
  const taken = new Set((read?.checks ?? []).map((c) => `${c.row}:${c.column}`));
  const header = headerRow.children.map((c) => ctx.cell(c).text);
  const cells = rows.map((r) => r.children.map((c) => ctx.cell(c)));
  const scope = scopeRuns(page, ctx.analysis.report.headings, node.position?.start.line ?? 1);
  const numbers = readTableNumbers(
    header,
    cells.map((r) => r.map((c) => c.text)),
    page,
    scope,
  ).map((n) => ({ ...n, metric: n.metric!, scope: n.tableRuns, all: page.runs, bySetup: false, rowDoubt: false }));
  // A row whose values are all printed by one run restates that run, whatever its label matches.
  const byRow = new Map<number, typeof numbers>();
  for (const n of numbers) if (n.kind === 'value') byRow.set(n.row, [...(byRow.get(n.row) ?? []), n]);
  for (const values of byRow.values()) {
    const run = oneRunOf(values, page.runs, ctx.path);
    if (run) for (const n of values) n.named = [[run]];
  }
  // A row whose setting cells are a run's setup, and whose values are near the run's (all but one at most), restates
  // that run when it is the only such row and no other run claims it: its values are held to the run (slips and all).
  const claimed = new Map<number, NamedRun[]>();
  const setups = setupRows(
    header,
    cells.map((r) => r.map((c) => c.text)),
    page.runs,
  );
  // A row that states a setting the section's run was not set to is another run's: never certainly that run's.
  // (Set before the rows that name a run by setup, which may add doubt below.)
  for (const n of numbers) n.rowDoubt = n.scope.some((run) => setups.differs(n.row, run));
  for (const [run, hits] of setups.matches) {
    const near = hits.filter((row) => {
      const values = byRow.get(row) ?? [];
      const near = values.filter((n) => nearValue(n, run, ctx.path)).length;
      return values.every((n) => n.named.length === 0) && near >= 2 && near >= values.length - 1;
    });
    if (near.length === 1) claimed.set(near[0], [...(claimed.get(near[0]) ?? []), run]);
    // Rows of one setup, each near the run: which of them restates it the page does not say.
    else for (const row of near) for (const n of byRow.get(row)!) n.rowDoubt = true;
  }
  for (const [row, runs] of claimed) if (runs.length === 1) for (const n of byRow.get(row)!) [n.named, n.bySetup] = [[runs], true];
  return numbers.flatMap((n) => {
    if (taken.has(`${n.row}:${n.column}`)) return [];
    const verdict = resolveNumber(n, ctx.path);
    const cell = cells[n.row]?.[n.column];
    if (!verdict || !cell) return [];
    const kind = n.kind === 'value' ? 'cell-value' : 'essay-change';
    const claim = ctx.claim(kind, n.stated, cell.base, verdict.result, verdict.source, verdict.sources, verdict.grade);
    // `120 ± 8`: the centre (over repeated runs, their mean) and the spread, each a claim of its own.
    if (!n.spread) return [claim];
    const spread = spreadVerdict(n, verdict, ctx.path);
    return [claim, ctx.claim(kind, n.spread.value, cell.base, spread.result, spread.source, spread.sources, spread.grade)];
  });
}

function ownChecks(node: Table, read: ReadTable, ctx: PageContext): Claim[] {
  {
    return read.checks.flatMap((check) => {
      const cell = read.cells[check.row]?.[check.column];
      if (!cell) return [];
      const column = read.header[check.column] ?? '';
      const source = tableSource(ctx, node, check.row, column);
      const sources =
        check.baselineRow !== undefined
          ? [tableSource(ctx, node, check.baselineRow, column)]
          : check.baselineColumn !== undefined
            ? [tableSource(ctx, node, check.row, read.header[check.baselineColumn] ?? '')]
            : [];
      return [ctx.claim('essay-change', check.stated, cell.base, check.result, source, sources)];
    });
  }
}
