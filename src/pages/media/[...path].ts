// Images referenced by reports, published as found next to the content (see src/loader/media.ts). Each file is
// checked again before it is read: only a real image inside a content folder is served, whatever the store says.
import type { APIRoute, GetStaticPaths } from 'astro';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { contentRoots } from '../../lib/site/files';
import { publishableImage } from '../../loader/media';
import { siteMedia } from '../../lib/site/digest';
import { siteUrl } from '../../lib/site/urls';

export const getStaticPaths = (async () => {
  const prefix = siteUrl(import.meta.env.BASE_URL, 'media/');
  const roots = contentRoots(process.cwd());
  const media = new Map<string, string>();
  for (const m of await siteMedia()) {
    const file = publishableImage(resolve(process.cwd(), m.file), roots);
    if (!file) throw new Error(`${m.sourcePath}: image \`${m.file}\` is not a file inside the content folders; not published.`);
    media.set(m.url.slice(prefix.length), file);
  }
  return [...media].map(([path, file]) => ({ params: { path }, props: { file } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => new Response(await readFile(props.file as string));
