import type { Analysis } from '../../src/lib/page.js';

/**
 * The page model of one analysed page as plain JSON: the report without its claims (the claims are verify's),
 * the claim sites by kind, role, place and context, the profiles and the commands. Keys in `omit` are left out
 * (fields added to the model after a golden was written).
 */
export function modelSnapshot(a: Analysis, omit: readonly string[] = []): unknown {
  const { claims: _claims, ...report } = a.report;
  const sites = a.sites.map((s) => ({
    kind: s.kind,
    role: s.kind === 'table' ? s.role : null,
    type: s.node.type,
    start: s.node.position?.start,
    end: s.node.position?.end,
    headings: s.headings,
    experiment: s.kind === 'prose' ? (s.experiment?.heading ?? null) : null,
  }));
  const skip = new Set(omit);
  return JSON.parse(
    JSON.stringify({ report, sites, profiles: [...a.profiles], commands: a.commands }, (key, value) => (skip.has(key) ? undefined : value)),
  );
}
