// Titles and one-line descriptions for pages, listings and `llms.txt`.
import type { Report } from '../schemas/report.js';
import { trustSummary } from './claims.js';
import { pageModel } from './page-model.js';

export function hardwareText(report: Pick<Report, 'hardware'>): string | null {
  const hw = report.hardware;
  if (!hw) return null;
  if (!hw.gpu) return hw.text;
  return hw.count ? `${hw.gpu} × ${hw.count}` : hw.gpu;
}

export function pageTitle(report: Pick<Report, 'title' | 'slug'>): string {
  return report.title ?? report.slug;
}

/** The one-sentence summary, with the model the site shows (see page-model.ts); read at render time, never from a cache. */
export function describe(
  report: Pick<Report, 'kind' | 'model' | 'title' | 'slug' | 'hardware' | 'objective' | 'engines' | 'claims' | 'messages'> &
    Parameters<typeof pageModel>[0],
): string {
  const parts: string[] = [];
  if (report.kind === 'engine-baseline') parts.push('Engine baseline log');
  const model = pageModel(report);
  if (model) parts.push(model);
  const hw = hardwareText(report);
  if (hw) parts.push(`on ${hw}`);
  if (report.objective) parts.push(`(${report.objective})`);
  const engines = report.engines.map((e) => (e.version ? `${e.name} ${e.version}` : e.name));
  const head = parts.length ? parts.join(' ') : pageTitle(report);
  const tail = engines.length ? `; engines: ${engines.join(', ')}` : '';
  return `${head}${tail}. ${trustSummary(report.claims, report.messages).text}.`;
}
