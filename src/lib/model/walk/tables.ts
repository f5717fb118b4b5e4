import type { Table } from 'mdast';
import type { TableSite } from '../sites.js';
import { bareLabel, columnOf, lineOf, plain } from '../text.js';
import { headingPath, inSummary, section, type WalkState } from './state.js';
import { onTableRuns } from './table-runs.js';

/**
 * A table is a claim site. The Conclusion's first `Benchmark Case` table gives the conclusion rows; a table under
 * "Summary of Optimization Options" the summary rows.
 */
export function onTable(node: Table, { found, at }: WalkState): void {
  const header = node.children[0];
  const first = header ? plain(header.children[0] ?? header).toLowerCase() : '';
  const role: TableSite['role'] =
    /conclusion/.test(section(at)) && /benchmark case/.test(first) ? 'conclusion' : inSummary(at) ? 'summary' : 'other';
  found.sites.push({ kind: 'table', node, headings: headingPath(at), role });
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
  onTableRuns(node, { found, at });
}
