// llms.txt: what the site is, then every report with its Markdown source and JSON data. Titles and descriptions
// come from content, so each goes through `llmsText` (the one escaping for this sink) and each URL through
// `llmsUrl`: nothing a page says can open a heading, a list item, a link or a line of its own.
import { BLANK_RUNS as BLANKS } from '../terminal.js';
import type { Listing } from './listing.js';

/**
 * A content text as inline Markdown on one line: every line break, control or separator character becomes a space
 * (runs of blanks one space), so it cannot start a line (a heading, a list item, a quote); `[`, `]`, `<`, `>` and
 * the backslash are backslash-escaped, so it cannot open or close a link, an image or HTML; and a URL's `://` or a
 * `www.` cannot be read as an autolink.
 */
export function llmsText(text: string): string {
  return text
    .replace(BLANKS, ' ')
    .trim()
    .replace(/[\\[\]<>]/g, '\\$&')
    .replace(/:\/\//g, ':\\/\\/')
    .replace(/\bwww\./gi, (w) => `${w.slice(0, 3)}\\.`);
}

/** A URL as a Markdown link target: every character outside a URL's safe set percent-encoded (`(`, `)`, blanks). */
export function llmsUrl(url: string): string {
  return url.replace(/[^A-Za-z0-9\-._~:/?#@!$&*+,;=%]/gu, (c) =>
    // A lone surrogate cannot be encoded: it becomes U+FFFD, as a UTF-8 decoder would read it.
    encodeURIComponent(c.isWellFormed() ? c : '\ufffd').replace(/['()]/g, (x) => `%${x.charCodeAt(0).toString(16).toUpperCase()}`),
  );
}

export interface LlmsInput {
  name: string;
  tagline: string;
  items: readonly Pick<Listing, 'slug' | 'title' | 'description'>[];
  /** The absolute (or site-relative) URL of a site path. */
  abs: (path: string) => string;
}

/** The whole llms.txt. */
export function llmsTxt({ name, tagline, items, abs }: LlmsInput): string {
  const link = (text: string, path: string) => `[${llmsText(text)}](${llmsUrl(abs(path))})`;
  const lines = [
    `# ${llmsText(name)}`,
    '',
    `> ${llmsText(tagline)}. Each report embeds raw benchmark output; every stated number is recomputed from it and marked verified, mismatch, untraceable or acknowledged.`,
    '',
    '## Reports',
    '',
    ...items.map((i) => `- ${link(i.title, `reports/${i.slug}.md`)}: ${llmsText(i.description)}`),
    '',
    '## Data',
    '',
    `- ${link('reports.json', 'data/reports.json')}: summary of every report (model, hardware, engines, headline gain, verification counts)`,
    `- ${link('runs.csv', 'data/runs.csv')}: every raw benchmark run, one column per metric`,
    ...items.map((i) => `- ${link(`${i.slug}.json`, `data/${i.slug}.json`)}: runs, claims with verdicts and findings`),
    '',
  ];
  return lines.join('\n');
}
