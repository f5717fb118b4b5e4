// The Markdown source of each report, for readers, `llms.txt` and the "view source" link.
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection } from 'astro:content';

export const getStaticPaths = (async () => {
  const entries = await getCollection('reports');
  return entries.map((entry) => ({ params: { slug: entry.id }, props: { body: entry.body ?? '' } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(props.body as string, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
