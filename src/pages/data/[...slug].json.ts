// One report's full data: the pipeline's Report (runs, claims with verdicts, messages) plus site facts, as the loader
// wrote it (src/loader/page-entry.ts `cacheTexts`). Written without indentation, for programs (indented, a
// 1,000-report site's data took 220 MB of its 447).
import type { APIRoute, GetStaticPaths } from 'astro';
import { cachedData } from '../../lib/site/cached';
import { reports, type ReportEntry } from '../../lib/site/collection';

export const getStaticPaths = (async () => {
  const entries = await reports();
  return entries.map((entry) => ({ params: { slug: entry.id }, props: { entry } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(cachedData({ data: (props.entry as ReportEntry).ref }), { headers: { 'Content-Type': 'application/json' } });
