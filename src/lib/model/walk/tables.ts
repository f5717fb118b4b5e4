import type { Table } from 'mdast';
import type { ClaimSite, TableSite } from '../sites.js';
import { bareLabel, columnOf, lineOf, plain } from '../text.js';
import { headingPath, inSummary, section, type WalkState } from './state.js';
import { onTableRuns } from './table-runs.js';

/**
 * A table is a claim site. The Conclusion's first `Benchmark Case` table gives the conclusion rows; a table under
 * "Summary of Optimization Options" the summary rows.
 */
export function onTable(node: Table, state: WalkState): void {
  const { found, at } = state;
  const header = node.children[0];
  const first = header ? plain(header.children[0] ?? header).toLowerCase() : '';
  const role: TableSite['role'] =
    /conclusion/.test(section(at)) && /benchmark case/.test(first) ? 'conclusion' : inSummary(at) ? 'summary' : 'other';
  const headings = headingPath(at);
  const head = firstPart(found.sites, node, headings);
  if (head) head.parts.push(node);
  found.sites.push({ kind: 'table', node, headings, role, continues: head?.node ?? null, parts: [], text: '', base: 0 });
  const rows = node.children.slice(1);
  if (role === 'conclusion' && found.conclusion.length === 0) {
    for (const row of rows) {
      const [c0, c1, c2] = row.children;
      if (!c0 || !c1 || !c2) continue;
      found.conclusion.push({
        case: bareLabel(plain(c0)),
        line: lineOf(row),
        baseline: { text: plain(c1), line: lineOf(c1), column: columnOf(c1) },
        optimized: { text: plain(c2), line: lineOf(c2), column: columnOf(c2) },
      });
    }
  } else if (role === 'summary') {
    for (const row of rows) found.summary.push({ cells: row.children.map((c) => plain(c)), line: lineOf(row) });
  }
  onTableRuns(node, state);
}

/**
 * The table `node` continues, when the site just before it is a table of the same section with the same header
 * row (a table split in parts, the header repeated): that table's first part.
 */
function firstPart(sites: readonly ClaimSite[], node: Table, headings: readonly string[]): TableSite | null {
  const previous = sites.at(-1);
  if (previous?.kind !== 'table' || previous.headings.join('\n') !== headings.join('\n')) return null;
  const header = (t: Table) => (t.children[0]?.children ?? []).map((c) => plain(c).trim().toLowerCase()).join('|');
  if (header(previous.node) !== header(node)) return null;
  const first = previous.continues;
  return first ? (sites.find((s): s is TableSite => s.kind === 'table' && s.node === first) ?? null) : previous;
}
