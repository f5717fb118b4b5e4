// llms.txt: what the site is, then every report with its Markdown source and JSON data (built by lib/site/llms.ts,
// which escapes every text from content).
import type { APIRoute } from 'astro';
import { listings } from '../lib/site/digest';
import { siteName, siteTagline } from '../lib/site/config';
import { byGain } from '../lib/site/listing';
import { llmsTxt } from '../lib/site/llms';
import { siteUrl } from '../lib/site/urls';

export const GET: APIRoute = async ({ site }) => {
  const base = import.meta.env.BASE_URL;
  const abs = (path: string) => (site ? new URL(siteUrl(base, path), site).href : siteUrl(base, path));
  const items = [...(await listings())].sort(byGain);
  const text = llmsTxt({ name: siteName, tagline: siteTagline, items, abs });
  return new Response(text, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
