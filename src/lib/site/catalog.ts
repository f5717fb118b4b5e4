// Cross-report views: engines (versions, pages, runs) and optimization techniques (stated gains with verdicts).
import type { ListedEntry as Entry } from './entry.js';
import { claimStatus, type ClaimStatus } from './claims.js';
import { pageTitle } from './describe.js';
import { compareText } from '../order.js';
import { stripTags } from '../model/text.js';
import { displayName, techniqueKey } from './technique-name.js';
import { foldAll, type Fold } from './fold.js';
import { incompleteRun } from './compare/rows.js';

export interface EngineUse {
  name: string;
  versions: string[];
  reports: Array<{ title: string; url: string; version: string | null; runs: number }>;
  runs: number;
}

/** `vLLM`, `vllm` -> one key. */
const engineKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Engines across reports: each engine's versions and the reports (and runs) that measured it. */
export function engineFold(): Fold<Entry, EngineUse[]> {
  const map = new Map<string, EngineUse>();
  return {
    add(e) {
      for (const eng of e.engines) {
        const key = engineKey(eng.name);
        const use = map.get(key) ?? { name: eng.name, versions: [], reports: [], runs: 0 };
        const runs = e.runs.filter((r) => r.context.engine && engineKey(r.context.engine) === key).length;
        if (eng.version && !use.versions.includes(eng.version)) use.versions.push(eng.version);
        use.reports.push({ title: pageTitle(e), url: e.site.url, version: eng.version, runs });
        use.runs += runs;
        map.set(key, use);
      }
    },
    result: () => [...map.values()].sort((a, b) => b.reports.length - a.reports.length || compareText(a.name, b.name)),
  };
}

export const engines = (entries: Iterable<Entry>): EngineUse[] => foldAll(engineFold(), entries);

/**
 * A page's own name for a workload, by run (`url#run`): the Conclusion case whose cells cite the run (`Short Prompt`
 * for the run the explorer calls `random 128 in / 4 out`). Only a citation on the run's own page names it; nothing is
 * inferred.
 */
export function caseNameFold(): Fold<Entry, Map<string, string>> {
  const caseOf = new Map<string, string>();
  return {
    add(d) {
      const rows = new Map(d.conclusion.map((r) => [r.line, r.case]));
      for (const c of d.claims) {
        const name = rows.get(c.line);
        if (name && c.source && c.source.path === d.path) caseOf.set(`${d.site.url}#${c.source.runId}`, name);
      }
    },
    result: () => caseOf,
  };
}

export interface TechniqueUse {
  /** The name most reports write (see `technique-name.ts` for how spellings are joined). */
  name: string;
  /** Every spelling the reports use, when there are several. */
  spellings: string[];
  uses: Array<{
    title: string;
    url: string;
    /** The option as this report writes it. */
    option: string;
    /** The row's stated change as written (`+21.0%`, `1.09x faster`); `-` when the row states none. */
    result: string;
    /** What the result measures: the report's objective. */
    metric: 'throughput' | 'latency' | null;
    /** What the result is against: the step before it (a chain of steps) or the page's baseline. */
    against: 'previous step' | 'baseline';
    status: ClaimStatus | null;
    /** The launch options that set the measured run apart from the page's baseline, from its run record. */
    flags: string[];
    /** The measured run, when it failed or not every request succeeded: never a technique's gain, shown greyed with its reason. */
    incomplete: { verdict: 'failed' | 'partial'; note: string } | null;
    /** The claim's anchor when the row states a change, else the page. */
    href: string;
  }>;
}

/**
 * The option a "Summary of Optimization Options" row names and what its result is against. A row of two cells
 * (`option | change`) is a step of a chain; three cells (`case | optimized | baseline`) and five
 * (`case | option | optimized | baseline | comparison`) compare each case with the page's baseline.
 */
function optionOf(cells: string[]): { name: string; against: 'previous step' | 'baseline' } | null {
  if (cells.length >= 5) return { name: cells[1], against: 'baseline' };
  if (cells.length >= 3) return { name: cells[0], against: 'baseline' };
  if (cells.length >= 2) return { name: cells[0], against: 'previous step' };
  return null;
}

/**
 * Techniques across reports: each summary row's option with the change the row states. The change and its status
 * are the row's improvement claim (never a cell picked by position: the last cell of a three-column row is the
 * baseline's), and the flags are those of the run the claim measured, from the run record.
 */
export function techniqueFold(): Fold<Entry, TechniqueUse[]> {
  const map = new Map<string, TechniqueUse>();
  return {
    add(e) {
      const runs = new Map(e.runs.map((r) => [r.id, r]));
      for (const row of e.summary) {
        const o = optionOf(row.cells.map((c) => stripTags(c).trim()));
        if (!o || !o.name || /^total/i.test(o.name)) continue;
        const key = techniqueKey(o.name);
        const claim = e.claims.find((c) => c.line === row.line && c.kind === 'improvement');
        // The run the row measured: its improvement's source, else the run its other numbers trace to (not the baseline).
        const run =
          (claim?.source ? runs.get(claim.source.runId) : undefined) ??
          e.claims
            .filter((c) => c.line === row.line && c.source?.path === e.path)
            .map((c) => runs.get(c.source!.runId))
            .find((r) => r !== undefined && r.setup.role !== 'baseline');
        const use = map.get(key) ?? { name: o.name, spellings: [], uses: [] };
        use.uses.push({
          title: pageTitle(e),
          url: e.site.url,
          option: o.name,
          result: claim ? claim.text : '-',
          metric: e.objective,
          against: o.against,
          status: claim ? claimStatus(claim) : null,
          flags: run?.setup.flags ?? [],
          incomplete: run ? incompleteRun(e, run) : null,
          href: claim ? `${e.site.url}#${claim.id}` : e.site.url,
        });
        map.set(key, use);
      }
    },
    result() {
      for (const t of map.values()) {
        const written = t.uses.map((u) => u.option);
        t.name = displayName(written);
        t.spellings = [...new Set(written.map((w) => w.replace(/^\s*\d+\.\s*/, '')))].sort(compareText);
      }
      return [...map.values()].sort((a, b) => b.uses.length - a.uses.length || compareText(a.name, b.name));
    },
  };
}

export const techniques = (entries: Iterable<Entry>): TechniqueUse[] => foldAll(techniqueFold(), entries);
