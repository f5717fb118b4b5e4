// What the page set and the digests read of one parsed page (its anchors, view and two digests), made by the
// thread that parsed it: the helper thread returns it with its parses (./helper.ts), so that the loader need not read
// every page the helper parsed back from the analysis cache to make it (at 10,000 reports, 5,000 pages read back
// on the loader's thread, between the two loops, while the heap held every view).
import { createHash } from 'node:crypto';
import { pageView, type Analysis } from '../lib/pipeline.js';
import { anchorsOf } from '../lib/render/index.js';
import type { PageView } from '../lib/schemas/report.js';
import { packIds } from './anchors.js';

export interface Derived {
  /** What links to the page can point at: its headings, runs and metric lines, packed (./anchors.ts). */
  anchors: string;
  /** What the other pages' checks read of it (a few KB rather than every field of every run). */
  view: PageView;
  /** Digest of the view: what a page that cites this one reads of it. */
  viewDigest: string;
  /** The same without places (lines, run ids): what a page's checks read of a page they do not cite. */
  valueDigest: string;
}

/** The digest of a view's text: the same on every thread. */
const digest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32);

export function derive(a: Analysis): Derived {
  const view: PageView = pageView(a.report);
  // What every page's checks read of every other page: its path and its runs' values. Its headings are read only by
  // the pages that link to it, which cite it (`citedPages`): a new title re-checks those, not the site.
  const values = { path: view.path, runs: view.runs.map((r) => [r.fingerprint, r.failed]) };
  return {
    anchors: packIds(anchorsOf(a.tree, a.report)),
    view,
    viewDigest: digest(JSON.stringify(view)),
    valueDigest: digest(JSON.stringify(values)),
  };
}
