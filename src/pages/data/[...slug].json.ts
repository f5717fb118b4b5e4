// One report's full data: the pipeline's Report (runs, claims with verdicts, messages) plus site facts.
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection } from 'astro:content';

export const getStaticPaths = (async () => {
  const entries = await getCollection('reports');
  return entries.map((entry) => ({ params: { slug: entry.id }, props: { data: entry.data } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify(props.data, null, 2), { headers: { 'Content-Type': 'application/json' } });
