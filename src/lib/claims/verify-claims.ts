import type { Nodes } from 'mdast';
import { claimKinds, type ClaimKindModule } from './kinds/index.js';
import { oddRows, oddRowText, type OddRow } from './table-shape.js';
import type { Analysis } from '../page.js';
import type { Claim } from '../schemas/claim.js';
import type { Message } from '../schemas/message.js';
import { placeClaims, recordMarks } from './verify/place.js';
import { PageContext } from './verify/context.js';
import { RunIndex } from './verify/run-index.js';

/** The claims of one page with their verdicts (in source order) and what verifying them found. */
export interface PageClaims {
  claims: Claim[];
  messages: Message[];
}

/**
 * Find every stated number of every page and give each a verdict: each claim site of a page is offered to the
 * claim kinds of the registry in order. Pure: returns each page's claims and messages, in input order.
 */
export function verifyClaims(analyses: readonly Analysis[], kinds: readonly ClaimKindModule[] = claimKinds): PageClaims[] {
  const index = new RunIndex(analyses.map((a) => a.report));
  return analyses.map((analysis) => verifyPage(analysis, index, kinds));
}

/** The claims of one page, looked up on the other pages through `index` (every page's runs). */
export function verifyPage(analysis: Analysis, index: RunIndex, kinds: readonly ClaimKindModule[]): PageClaims {
  const ctx = new PageContext(analysis, index);
  const messages: Message[] = [];
  // Never throw on content: a kind that stops on one candidate is reported there, and the rest is still checked.
  const guard = <T>(kind: string, node: Nodes, run: () => T, fallback: T): T => {
    try {
      return run();
    } catch (error) {
      messages.push({
        file: analysis.report.path,
        line: node.position?.start.line ?? 1,
        column: node.position?.start.column ?? 1,
        ruleId: 'verify-internal-error',
        severity: 'error',
        message: `Claim verification stopped (${kind}): ${String(error)}`,
      });
      return fallback;
    }
  };
  for (const site of analysis.sites) {
    const found: Claim[] = [];
    const odd = site.kind === 'table' ? new Map([site.node, ...site.parts].flatMap(oddRows).map((r) => [r.line, r])) : null;
    for (const kind of kinds) {
      const candidates = guard(kind.kind, site.node, () => kind.find(site, ctx), []);
      for (const candidate of candidates) {
        const claims = guard(kind.kind, candidate.node, () => kind.verify(candidate, ctx), []);
        if (odd && odd.size > 0) for (const c of claims) unsettle(c, odd.get(c.line), analysis.report.path);
        ctx.claims.push(...claims);
        found.push(...claims);
      }
      if (kind.exclusive && candidates.length > 0) break;
    }
    // Each claim is placed once, here: the renderer marks it in the text node of the site that holds it (`mark`),
    // and one it cannot mark is said here.
    const placed = placeClaims(site.kind === 'table' ? [site.node, ...site.parts] : site.node, found, site);
    recordMarks(placed);
    for (const { claim, reason } of placed.unplaced) {
      messages.push({
        file: analysis.report.path,
        line: claim.line,
        column: claim.column,
        ruleId: 'site-claim-unplaced',
        severity: 'warning',
        message: `Claim \`${claim.text}\` cannot be marked on the site: ${reason}`,
      });
    }
  }
  const claims = [...ctx.claims].sort((a, b) => a.line - b.line || a.column - b.column);
  return { claims, messages };
}

/**
 * A mismatch on a row whose cell count is not the header's is not judged: a `|` missing or one too many moves every
 * cell after it one column, so the value may be the right one read in the wrong column. It becomes untraceable,
 * naming the row (`table-malformed` reports the row itself). A value that reproduces stays verified.
 */
function unsettle(c: Claim, row: OddRow | undefined, path: string): void {
  if (!row || c.verdict !== 'mismatch') return;
  const source = c.source ?? { path, line: row.line, metric: '', runId: '' };
  const evidence = `${oddRowText(row)}, so the column of this cell is not certain`;
  Object.assign(c, {
    verdict: 'untraceable',
    recomputed: null,
    formula: null,
    tolerance: null,
    source: null,
    sources: [],
    rounding: false,
    candidates: [{ source, evidence, recomputed: c.recomputed }],
  } satisfies Partial<Claim>);
}
