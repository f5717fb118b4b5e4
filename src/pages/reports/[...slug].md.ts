// The Markdown source of each report, for readers, `llms.txt` and the "view source" link.
import type { APIRoute, GetStaticPaths } from 'astro';
import { cachedSource } from '../../lib/site/cached';
import { reports } from '../../lib/site/collection';

export const getStaticPaths = (async () => {
  const entries = await reports();
  return entries.map((entry) => ({ params: { slug: entry.id }, props: { entry } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(cachedSource(props.entry as Parameters<typeof cachedSource>[0]), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
