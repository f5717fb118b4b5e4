// Cross-report views: engines (versions, pages, runs) and optimization techniques (stated gains with verdicts).
import type { ListedEntry as Entry } from './entry.js';
import { claimStatus, type ClaimStatus } from './claims.js';
import { pageTitle } from './describe.js';
import { compareText } from '../order.js';
import { stripTags } from '../model/text.js';

export interface EngineUse {
  name: string;
  versions: string[];
  reports: Array<{ title: string; url: string; version: string | null; runs: number }>;
  runs: number;
}

/** `vLLM`, `vllm` -> one key. */
const engineKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

export function engines(entries: readonly Entry[]): EngineUse[] {
  const map = new Map<string, EngineUse>();
  for (const e of entries) {
    for (const eng of e.engines) {
      const key = engineKey(eng.name);
      const use = map.get(key) ?? { name: eng.name, versions: [], reports: [], runs: 0 };
      const runs = e.runs.filter((r) => r.context.engine && engineKey(r.context.engine) === key).length;
      if (eng.version && !use.versions.includes(eng.version)) use.versions.push(eng.version);
      use.reports.push({ title: pageTitle(e), url: e.site.url, version: eng.version, runs });
      use.runs += runs;
      map.set(key, use);
    }
  }
  return [...map.values()].sort((a, b) => b.reports.length - a.reports.length || compareText(a.name, b.name));
}

export interface TechniqueUse {
  name: string;
  uses: Array<{ title: string; url: string; result: string; status: ClaimStatus | null; href: string }>;
}

/** Option name and stated result of a "Summary of Optimization Options" row (2-, 3- or 5-column variants). */
function optionOf(cells: string[]): { name: string; result: string } | null {
  if (cells.length >= 5) return { name: cells[1], result: cells[4] };
  if (cells.length >= 2) return { name: cells[0], result: cells[1] };
  return null;
}

export function techniques(entries: readonly Entry[]): TechniqueUse[] {
  const map = new Map<string, TechniqueUse>();
  for (const e of entries) {
    for (const row of e.summary) {
      const o = optionOf(row.cells.map((c) => stripTags(c).trim()));
      if (!o || !o.name || /^total/i.test(o.name)) continue;
      const key = o.name.toLowerCase();
      const claim = e.claims.find((c) => c.line === row.line && c.kind === 'improvement');
      const use = map.get(key) ?? { name: o.name, uses: [] };
      use.uses.push({
        title: pageTitle(e),
        url: e.site.url,
        result: o.result || '-',
        status: claim ? claimStatus(claim) : null,
        href: claim ? `${e.site.url}#${claim.id}` : e.site.url,
      });
      map.set(key, use);
    }
  }
  return [...map.values()].sort((a, b) => b.uses.length - a.uses.length || compareText(a.name, b.name));
}
