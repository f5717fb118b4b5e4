// Summaries of every report; the full data of each is at /data/<slug>.json.
import type { APIRoute } from 'astro';
import { listings } from '../../lib/site/digest';
import { byGain } from '../../lib/site/listing';
import { siteUrl } from '../../lib/site/urls';

export const GET: APIRoute = async () => {
  const base = import.meta.env.BASE_URL;
  const items = [...(await listings())].sort(byGain);
  const body = items.map((i) => ({ ...i, data: siteUrl(base, `data/${i.slug}.json`) }));
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
};
