// Saved result files the reports' runs were read from (see src/loader/media.ts): each published as it is and as a
// rendered view whose fields the claims' marks link to. Each file is checked again before it is read: only a regular
// `.json` / `.jsonl` file inside a content folder, under the size limit, is served, whatever the store says.
import type { APIRoute, GetStaticPaths } from 'astro';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { contentRoots } from '../../lib/site/files';
import { publishableSaved } from '../../loader/media';
import { siteSaved } from '../../lib/site/digest';
import { savedViewHtml } from '../../lib/site/saved-view';
import { siteUrl } from '../../lib/site/urls';

export const getStaticPaths = (async () => {
  const prefix = siteUrl(import.meta.env.BASE_URL, 'saved/');
  const roots = contentRoots(process.cwd());
  const paths = new Map<string, { file: string; view: string | null; raw: string; name: string }>();
  for (const m of await siteSaved()) {
    const file = publishableSaved(resolve(process.cwd(), m.file), roots);
    if (!file) throw new Error(`${m.sourcePath}: saved result \`${m.file}\` is not a file inside the content folders; not published.`);
    const name = m.name;
    paths.set(m.url.slice(prefix.length), { file, view: null, raw: m.url, name });
    paths.set(m.view.slice(prefix.length), { file, view: m.view, raw: m.url, name });
  }
  return [...paths].map(([path, props]) => ({ params: { path }, props }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { file, view, raw, name } = props as { file: string; view: string | null; raw: string; name: string };
  const bytes = await readFile(file);
  if (!view) return new Response(bytes, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
  const html = savedViewHtml(bytes.toString('utf8'), { file: name, rawUrl: raw, homeUrl: siteUrl(import.meta.env.BASE_URL) });
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
};
