// One report's full data: the pipeline's Report (runs, claims with verdicts, messages) plus site facts. Written without
// indentation, for programs (indented, a 1,000-report site's data took 220 MB of its 447).
import type { APIRoute, GetStaticPaths } from 'astro';
import { fullEntry } from '../../lib/site/cached';
import { reports } from '../../lib/site/collection';

export const getStaticPaths = (async () => {
  const entries = await reports();
  return entries.map((entry) => ({ params: { slug: entry.id }, props: { entry } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const entry = fullEntry(props.entry as Parameters<typeof fullEntry>[0]);
  // Where the renderer marked each claim (`mark`) is the renderer's own: not part of the published data.
  const claims = entry.claims.map(({ mark: _mark, ...claim }) => claim);
  return new Response(JSON.stringify({ ...entry, claims }), { headers: { 'Content-Type': 'application/json' } });
};
