// Summaries of every report; the full data of each is at /data/<slug>.json.
import type { APIRoute } from 'astro';
import { reports } from '../../lib/site/collection';
import { byGain, listing } from '../../lib/site/listing';
import { siteUrl } from '../../lib/site/urls';

export const GET: APIRoute = async () => {
  const base = import.meta.env.BASE_URL;
  const items = (await reports()).map((e) => listing(e.data)).sort(byGain);
  const body = items.map((i) => ({ ...i, data: siteUrl(base, `data/${i.slug}.json`) }));
  return new Response(JSON.stringify(body, null, 2), { headers: { 'Content-Type': 'application/json' } });
};
