import type { APIRoute } from 'astro';
import { cachedCsv } from '../../lib/site/cached';
import { reports } from '../../lib/site/collection';
import { runsCsv } from '../../lib/site/csv';
import { compareText } from '../../lib/order';

export const GET: APIRoute = async () => {
  // Each report's part as the loader made it (`csvPart`), in slug order, read as each of runsCsv's passes reaches it.
  const entries = (await reports()).slice().sort((a, b) => compareText(a.id, b.id));
  const parts = {
    *[Symbol.iterator]() {
      for (const e of entries) yield cachedCsv({ data: e.ref });
    },
  };
  return new Response(runsCsv(parts), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
};
