import type { APIRoute } from 'astro';
import { fullEntry } from '../../lib/site/cached';
import { reports } from '../../lib/site/collection';
import { runsCsv } from '../../lib/site/csv';
import { compareText } from '../../lib/order.js';

export const GET: APIRoute = async () => {
  const entries = (await reports()).map(fullEntry).sort((a, b) => compareText(a.slug, b.slug));
  return new Response(runsCsv(entries), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
};
