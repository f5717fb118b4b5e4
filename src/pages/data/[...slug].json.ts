// One report's full data: the pipeline's Report (runs, claims with verdicts, messages) plus site facts, as the loader
// wrote it (src/loader/page-entry.ts `cacheTexts`). Written without indentation, for programs (indented, a
// 1,000-report site's data took 220 MB of its 447). This route serves it on a dev server; a build (`astro build`) copies
// the files once its pages are written (../../lib/site/copies.ts), to the files this route would write: through the
// route, each took about 1 ms of the build.
import type { APIRoute, GetStaticPaths } from 'astro';
import { cachedData } from '../../lib/site/cached';
import { publishedAtEnd } from '../../lib/site/copies';
import { reports, type ReportEntry } from '../../lib/site/collection';

export const getStaticPaths = (async () => {
  if (publishedAtEnd()) return [];
  const entries = await reports();
  return entries.map((entry) => ({ params: { slug: entry.id }, props: { entry } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(cachedData({ data: (props.entry as ReportEntry).ref }), { headers: { 'Content-Type': 'application/json' } });
