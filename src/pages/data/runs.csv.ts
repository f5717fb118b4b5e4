import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { runsCsv } from '../../lib/site/csv';

export const GET: APIRoute = async () => {
  const entries = (await getCollection('reports')).map((e) => e.data).sort((a, b) => a.slug.localeCompare(b.slug));
  return new Response(runsCsv(entries), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
};
