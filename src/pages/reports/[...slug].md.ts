// The Markdown source of each report, for readers, `llms.txt` and the "view source" link.
import type { APIRoute, GetStaticPaths } from 'astro';
import { cachedSource } from '../../lib/site/cached';
import { reports } from '../../lib/site/collection';

export const getStaticPaths = (async () => {
  const entries = await reports();
  return entries.map((entry) => ({ params: { slug: entry.id }, props: { ref: entry.ref } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(cachedSource({ data: props.ref as Parameters<typeof cachedSource>[0]['data'] }), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
