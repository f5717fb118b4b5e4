// The runs of some consecutive questions of the index (each a model on an accelerator under a workload), as the
// explorer's page ships its own (`clientRow`): fetched when the reader asks one of them. The file's name is its number in the site's
// question index, which gives each question's file (lib/site/compare/explorer-data.ts, `questionFiles`).
import type { APIRoute, GetStaticPaths } from 'astro';
import { explorerIndex, fileRows } from '../../../lib/site/compare/explorer-data';
import { rowsScriptJson } from '../../../lib/site/compare/options';

export const getStaticPaths = (async () => {
  const index = await explorerIndex();
  return index.files.map((_, i) => ({ params: { question: String(i) }, props: { file: i } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) =>
  new Response(rowsScriptJson(await fileRows(props.file as number)), { headers: { 'Content-Type': 'application/json' } });
