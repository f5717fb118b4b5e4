// Images referenced by reports, published as found next to the content (see src/loader/media.ts).
import type { APIRoute, GetStaticPaths } from 'astro';
import { reports } from '../../lib/site/collection';
import { readFile } from 'node:fs/promises';
import { siteUrl } from '../../lib/site/urls';

export const getStaticPaths = (async () => {
  const prefix = siteUrl(import.meta.env.BASE_URL, 'media/');
  const media = new Map<string, string>();
  for (const e of await reports()) for (const m of e.data.site.media) media.set(m.url.slice(prefix.length), m.file);
  return [...media].map(([path, file]) => ({ params: { path }, props: { file } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => new Response(await readFile(props.file as string));
