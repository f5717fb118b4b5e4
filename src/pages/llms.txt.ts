// llms.txt: what the site is, then every report with its Markdown source and JSON data.
import type { APIRoute } from 'astro';
import { reports } from '../lib/site/collection';
import { siteName, siteTagline } from '../lib/site/config';
import { byGain, listing } from '../lib/site/listing';
import { siteUrl } from '../lib/site/urls';

export const GET: APIRoute = async ({ site }) => {
  const base = import.meta.env.BASE_URL;
  const abs = (path: string) => (site ? new URL(siteUrl(base, path), site).href : siteUrl(base, path));
  const items = (await reports()).map((e) => listing(e.data)).sort(byGain);
  const lines = [
    `# ${siteName}`,
    '',
    `> ${siteTagline}. Each report embeds raw benchmark output; every stated number is recomputed from it and marked verified, mismatch, untraceable or acknowledged.`,
    '',
    '## Reports',
    '',
    ...items.map((i) => `- [${i.title}](${abs(`reports/${i.slug}.md`)}): ${i.description}`),
    '',
    '## Data',
    '',
    `- [reports.json](${abs('data/reports.json')}): summary of every report (model, hardware, engines, headline gain, verification counts)`,
    `- [runs.csv](${abs('data/runs.csv')}): every raw benchmark run, one column per metric`,
    ...items.map((i) => `- [${i.slug}.json](${abs(`data/${i.slug}.json`)}): runs, claims with verdicts and findings`),
    '',
  ];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
