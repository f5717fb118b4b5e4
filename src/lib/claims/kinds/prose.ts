import type { Paragraph } from 'mdast';
import type { ProseSite } from '../../model/sites.js';
import type { Experiment } from '../../schemas/report.js';
import type { ClaimSite } from '../../model/sites.js';
import type { PageContext } from '../verify/context.js';

/** A paragraph of a (non-essay) report that states numbers, with its raw text and where that text starts. */
export interface ProseText {
  site: ProseSite;
  node: Paragraph;
  raw: string;
  base: number;
}

/** The paragraph the prose kinds of reports read, or null (another site, an essay, no digit). */
export function reportProse(site: ClaimSite, ctx: PageContext): ProseText | null {
  if (site.kind !== 'prose' || ctx.analysis.report.kind === 'essay') return null;
  const raw = ctx.text(site.node);
  if (!/\d/.test(raw)) return null;
  return { site, node: site.node, raw, base: site.node.position?.start.offset ?? 0 };
}

/** The experiment a paragraph speaks of: its own, else the page's first. */
export function experimentOf(site: ProseSite, ctx: PageContext): Experiment | null {
  return site.experiment ?? ctx.analysis.report.experiments[0] ?? null;
}
