// The Markdown source of each report, for readers, `llms.txt` and the "view source" link. This route serves it on a
// dev server; a build (`astro build`) copies the files once its pages are written (../../lib/site/copies.ts), to the
// files this route would write: through the route, each took about 1 ms of the build.
import type { APIRoute, GetStaticPaths } from 'astro';
import { cachedSource } from '../../lib/site/cached';
import { publishedAtEnd } from '../../lib/site/copies';
import { reports } from '../../lib/site/collection';

export const getStaticPaths = (async () => {
  if (publishedAtEnd()) return [];
  const entries = await reports();
  return entries.map((entry) => ({ params: { slug: entry.id }, props: { ref: entry.ref } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(cachedSource({ data: props.ref as Parameters<typeof cachedSource>[0]['data'] }), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
