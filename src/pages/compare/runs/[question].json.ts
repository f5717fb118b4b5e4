// The runs of one question (a model on an accelerator under a workload), as the explorer's page ships its own
// (`clientRow`): fetched when the reader asks that question. The file's name is the question's position in the
// site's question index.
import type { APIRoute, GetStaticPaths } from 'astro';
import { explorerIndex, questionRows } from '../../../lib/site/compare/explorer-data';
import { rowsScriptJson } from '../../../lib/site/compare/options';

export const getStaticPaths = (async () => {
  const index = await explorerIndex();
  return index.questions.map((_, i) => ({ params: { question: String(i) }, props: { file: i } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) =>
  new Response(rowsScriptJson(await questionRows(props.file as number)), { headers: { 'Content-Type': 'application/json' } });
