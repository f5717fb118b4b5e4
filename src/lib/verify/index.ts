import type { Analysis } from '../page.js';
import { verifyChainTable } from './chain.js';
import { PageContext } from './context.js';
import { verifyEssayProse, verifyEssayTable, type ReadTable } from './essay.js';
import { verifyProse } from './prose.js';
import { RunIndex } from './run-index.js';
import { verifyComparisonTable } from './tables.js';

/** Extract every stated number of every page and give each a verdict; fills `report.claims`. */
export function verifyClaims(analyses: Analysis[]): void {
  const index = new RunIndex(analyses);
  for (const analysis of analyses) {
    try {
      verifyPage(analysis, index);
    } catch (error) {
      // Never throw on content: the page keeps the claims checked so far and says what stopped.
      analysis.report.messages.push({
        file: analysis.report.path,
        line: 1,
        column: 1,
        ruleId: 'verify-internal-error',
        severity: 'error',
        message: `Claim verification stopped: ${String(error)}`,
      });
    }
  }
}

function verifyPage(analysis: Analysis, index: RunIndex): void {
  {
    const ctx = new PageContext(analysis, index);
    const essayTables: ReadTable[] = [];
    for (const t of analysis.sites) {
      if (t.kind !== 'table') continue;
      if (t.role === 'conclusion') verifyComparisonTable(ctx, t.node);
      else if (t.role === 'summary') {
        const columns = t.node.children[0]?.children.length ?? 0;
        if (columns === 2) verifyChainTable(ctx, t.node);
        else verifyComparisonTable(ctx, t.node);
      } else {
        const read = verifyEssayTable(ctx, t.node);
        if (read) essayTables.push(read);
      }
    }
    const essay = analysis.report.kind === 'essay';
    for (const block of analysis.sites) {
      if (block.kind !== 'prose') continue;
      if (essay) verifyEssayProse(ctx, block, essayTables);
      else verifyProse(ctx, block);
    }
    analysis.report.claims = ctx.claims.sort((a, b) => a.line - b.line || a.column - b.column);
  }
}
