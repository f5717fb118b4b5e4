import type { APIRoute } from 'astro';
import { sitePages } from '../../lib/site/compare/pages';
import { runsCsv } from '../../lib/site/csv';

export const GET: APIRoute = async () => {
  return new Response(runsCsv(await sitePages()), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
};
