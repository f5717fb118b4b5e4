// The smallest view of a page that the checks of the other pages read, for a check that lets each page go once it is
// read (`perflab check`, ./cli/stream.ts, and the site's loader, ../loader/reports.ts). A page's full view (its
// headings and every field of every run) costs tens to hundreds of KB; a check of thousands of pages holds one view
// per page for the whole check, so it keeps only what is read of them:
//  - the page set's paths and `route-collision`, `link-unresolved`: `path`;
//  - `anchor-missing`: the slugs of `headings`;
//  - `duplicate-block-across-pages`: each run's `fingerprint`, `failed` and `line`;
//  - the run index (claims traced to another page, ./claims/verify/run-index.ts): each run's `id`, `line`, `failed`,
//    `format` and the metrics the index reads of it, with the fields it reads of them (found by watching the index
//    read them, so the lists cannot drift from the index).
import type { Metric } from './schemas/metric.js';
import type { PageView } from './schemas/report.js';
import type { Run } from './schemas/run.js';
import { RunIndex } from './claims/verify/run-index.js';

/** The fields of a run that the readers above take (the other fields are left out of the view). */
type ViewRun = Pick<Run, 'id' | 'line' | 'failed' | 'format' | 'fingerprint' | 'metrics'>;

/**
 * `view` with only what the other pages' checks read (see above). The result is typed as a `PageView` for the page
 * set: its runs and headings lack the fields no cross-page reader takes (a test checks that a streamed check's
 * findings equal those of a check holding whole pages).
 */
export function compactView(view: PageView): PageView {
  const runs = view.runs.map((run): ViewRun => {
    const metrics: Record<string, Metric> = {};
    const { names, fields } = indexedMetrics(view.path, run);
    for (const name of names) {
      const m = run.metrics[name];
      if (m) metrics[name] = (fields ? Object.fromEntries([...fields].filter((f) => f in m).map((f) => [f, m[f]])) : m) as Metric;
    }
    return { id: run.id, line: run.line, failed: run.failed, format: run.format, fingerprint: run.fingerprint, metrics };
  });
  const headings = view.headings.map((h) => ({ slug: h.slug }));
  return { path: view.path, headings, runs } as unknown as PageView;
}

/**
 * The metrics of `run` that the run index reads, and the fields it reads of them, found by indexing the run alone
 * through proxies that note every name asked for. A reader that lists the names (rather than asking for them) gets
 * all: every metric (`names`), every field (`fields` null).
 */
function indexedMetrics(path: string, run: Run): { names: Iterable<string>; fields: Set<keyof Metric> | null } {
  if (run.failed) return { names: [], fields: null };
  const names = new Set<string>();
  const fields = new Set<keyof Metric>();
  let listed = false;
  let listedFields = false;
  const noting = <T extends object>(target: T, note: (key: string) => void, list: () => void): T =>
    new Proxy(target, {
      get(t, key, receiver) {
        if (typeof key === 'string') note(key);
        return Reflect.get(t, key, receiver) as unknown;
      },
      has(t, key) {
        if (typeof key === 'string') note(key);
        return Reflect.has(t, key);
      },
      ownKeys(t) {
        list();
        return Reflect.ownKeys(t);
      },
      getOwnPropertyDescriptor(t, key) {
        if (typeof key === 'string') note(key);
        return Reflect.getOwnPropertyDescriptor(t, key);
      },
    });
  const metric = (m: Metric) =>
    noting(
      m,
      (k) => fields.add(k as keyof Metric),
      () => (listedFields = true),
    );
  const metrics = noting(
    Object.fromEntries(Object.entries(run.metrics).map(([name, m]) => [name, metric(m)])),
    (k) => names.add(k),
    () => (listed = true),
  );
  new RunIndex([{ path, runs: [{ ...run, metrics }] }]);
  return { names: listed ? Object.keys(run.metrics) : names, fields: listedFields ? null : fields };
}
