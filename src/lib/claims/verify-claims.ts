import type { Nodes } from 'mdast';
import { claimKinds, type ClaimKindModule } from './kinds/index.js';
import { withVisibleTexts } from './html.js';
import { oddRows, oddRowText, type OddRow } from './table-shape.js';
import type { Analysis } from '../page.js';
import type { Claim } from '../schemas/claim.js';
import type { Failure } from '../schemas/failure.js';
import { placeClaims, recordMarks } from './verify/place.js';
import { PageContext } from './verify/context.js';
import { RunIndex } from './verify/run-index.js';
import { pageView } from './verify/view.js';

/** A verified claim the renderer cannot mark in the text it was read from, and why. */
export interface PlacementMiss {
  line: number;
  column: number;
  /** The claim's text as the page states it. */
  text: string;
  reason: string;
}

/**
 * The claims of one page with their verdicts (in source order), and what verifying them ran into, as plain data for
 * the rules of their ids (`verify-internal-error`, `site-claim-unplaced`) to word.
 */
export interface PageClaims {
  claims: Claim[];
  /** Where a claim kind stopped on a node (`where`: the kind). */
  failures: Failure[];
  /** The claims the renderer cannot mark. */
  unplaced: PlacementMiss[];
}

/**
 * Find every stated number of every page and give each a verdict: each claim site of a page is offered to the
 * claim kinds of the registry in order. Pure: returns each page's claims and messages, in input order.
 */
export function verifyClaims(analyses: readonly Analysis[], kinds: readonly ClaimKindModule[] = claimKinds): PageClaims[] {
  const index = new RunIndex(analyses.map((a) => pageView(a.report)));
  return analyses.map((analysis) => verifyPage(analysis, index, kinds));
}

/** The claims of one page, looked up on the other pages through `index` (every page's runs). */
export function verifyPage(analysis: Analysis, index: RunIndex, kinds: readonly ClaimKindModule[]): PageClaims {
  const ctx = new PageContext(analysis, index);
  const failures: Failure[] = [];
  const unplaced: PlacementMiss[] = [];
  // Never throw on content: a kind that stops on one candidate is reported there, and the rest is still checked.
  const guard = <T>(kind: string, node: Nodes, run: () => T, fallback: T): T => {
    try {
      return run();
    } catch (error) {
      failures.push({ error, where: kind, line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 });
      return fallback;
    }
  };
  for (const site of analysis.sites)
    withVisibleTexts(() => {
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
      // and one it cannot mark is handed on.
      // A fence's text is code on the page, where no claim is marked: its claims show in the page's findings.
      if (site.kind === 'worked') return;
      const placed = placeClaims(site.kind === 'table' ? [site.node, ...site.parts] : site.node, found, site);
      recordMarks(placed);
      for (const { claim, reason } of placed.unplaced) unplaced.push({ line: claim.line, column: claim.column, text: claim.text, reason });
    });
  const claims = [...ctx.claims].sort((a, b) => a.line - b.line || a.column - b.column);
  takeRestated(claims);
  return { claims, failures, unplaced };
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

/** The kinds of claim whose number is a change between two runs. */
const RESTATABLE: ReadonlySet<Claim['kind']> = new Set(['improvement', 'essay-change', 'transition']);

/**
 * A change restated (a summary's `6.8%` again in the conclusion): a change left untraceable whose text a change of
 * the same kind elsewhere on the page states, judged on a source that is among its candidates (the same run, metric
 * and value at the stated precision), is judged as that claim is, and says which line it restates. A value is never
 * taken this way: the same figure in another row of a table is another run's, not a restatement.
 */
function takeRestated(claims: Claim[]): void {
  const judged = new Map<string, Claim[]>();
  const key = (c: Claim) => `${c.kind}\0${c.text}`;
  const restatable = (c: Claim) => RESTATABLE.has(c.kind);
  for (const c of claims)
    if (restatable(c) && (c.verdict === 'mismatch' || c.verdict === 'verified') && c.source?.runId)
      judged.set(key(c), [...(judged.get(key(c)) ?? []), c]);
  for (const c of claims) {
    if (!restatable(c) || c.verdict !== 'untraceable' || !c.candidates?.length) continue;
    const same = judged
      .get(key(c))
      ?.find((e) =>
        c.candidates!.some(
          (k) => k.source.runId === e.source!.runId && k.source.metric === e.source!.metric && k.recomputed === e.recomputed,
        ),
      );
    if (!same) continue;
    Object.assign(c, {
      verdict: same.verdict,
      recomputed: same.recomputed,
      formula: same.formula,
      tolerance: `${same.tolerance ?? ''}; restates line ${same.line}, whose source is among this number's candidates`,
      source: same.source,
      sources: same.sources,
      rounding: same.rounding,
      candidates: undefined,
    } satisfies Partial<Claim>);
  }
}
