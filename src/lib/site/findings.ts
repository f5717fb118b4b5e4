// Every finding on every page, with a link to the closest place on the rendered page.
import type { ListedEntry as Entry } from './entry.js';
import type { Severity } from '../schemas/message.js';

export interface Finding {
  report: string;
  line: number;
  column: number;
  severity: Severity;
  ruleId: string;
  message: string;
  acknowledged: string | null;
  /** Link to the claim mark, or to the section holding the line. */
  href: string;
}

/** The claim at this place, else the last heading above the line, else the page. */
export function placeHref(entry: Entry, line: number, column: number): string {
  const claim = entry.claims.find((c) => c.line === line && c.column === column) ?? entry.claims.find((c) => c.line === line);
  if (claim) return `${entry.site.url}#${claim.id}`;
  const run = entry.runs.find((r) => line >= r.line && line <= r.endLine);
  if (run) return `${entry.site.url}#${run.id}`;
  const heading = [...entry.site.headings].reverse().find((h) => h.line <= line && h.depth > 1);
  return heading ? `${entry.site.url}#${heading.slug}` : entry.site.url;
}

const rank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function findings(entry: Entry): Finding[] {
  const out: Finding[] = entry.messages.map((m) => ({
    report: entry.slug,
    line: m.line,
    column: m.column,
    severity: m.severity,
    ruleId: m.ruleId,
    message: m.message,
    acknowledged: m.acknowledged?.reason ?? null,
    href: placeHref(entry, m.line, m.column),
  }));
  const places = new Set(out.map((f) => `${f.line}:${f.column}`));
  for (const p of entry.site.problems) {
    if (places.has(`${p.line}:${p.column}`)) continue;
    out.push({
      report: entry.slug,
      line: p.line,
      column: p.column,
      severity: 'warning',
      ruleId: p.ruleId,
      message: p.message,
      acknowledged: null,
      href: placeHref(entry, p.line, p.column),
    });
  }
  return out.sort((a, b) => rank[a.severity] - rank[b.severity] || a.line - b.line || a.column - b.column);
}

/** Anchor id of a report's section on the verification page. */
export function reportAnchor(slug: string): string {
  return slug.replace(/[^\w-]+/g, '-');
}
