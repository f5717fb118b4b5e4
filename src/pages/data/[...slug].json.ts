// One report's full data: the pipeline's Report (runs, claims with verdicts, messages) plus site facts.
import type { APIRoute, GetStaticPaths } from 'astro';
import { fullEntry } from '../../lib/site/cached';
import { reports } from '../../lib/site/collection';

export const getStaticPaths = (async () => {
  const entries = await reports();
  return entries.map((entry) => ({ params: { slug: entry.id }, props: { entry } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify(fullEntry(props.entry as Parameters<typeof fullEntry>[0]), null, 2), {
    headers: { 'Content-Type': 'application/json' },
  });
