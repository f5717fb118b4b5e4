// The runs of one model, as the explorer's page ships its own (`clientRow`): fetched when the reader's question
// turns to that model. The file's name is the model's position in the site's sorted list of models.
import type { APIRoute, GetStaticPaths } from 'astro';
import { explorerIndex, modelRows } from '../../../lib/site/compare/explorer-data';
import { rowsScriptJson } from '../../../lib/site/compare/options';

export const getStaticPaths = (async () => {
  const index = await explorerIndex();
  return index.models.map((m, i) => ({ params: { model: String(i) }, props: { model: m.model } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) =>
  new Response(rowsScriptJson(await modelRows(props.model as string)), { headers: { 'Content-Type': 'application/json' } });
