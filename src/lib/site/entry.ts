// The `reports` collection entry: the pipeline's Report plus what the site derives once at load time.
import { z } from 'zod';
import { reportSchema } from '../schemas/report.js';

/** Counts of rendered constructs, checked against the Markdown by the site tests. */
export const countsSchema = z.object({
  details: z.number().int().nonnegative(),
  admonitions: z.number().int().nonnegative(),
  tables: z.number().int().nonnegative(),
  code: z.number().int().nonnegative(),
  images: z.number().int().nonnegative(),
});

/** A renderer finding (unpublished link target, missing image, unplaced claim); never fatal. */
export const siteProblemSchema = z.object({
  line: z.number().int().positive(),
  column: z.number().int().positive(),
  message: z.string(),
  /** `site-image-missing`, `site-link-unpublished`, ... */
  ruleId: z.string(),
});

export const siteSchema = z.object({
  /** Page URL, base included (`/reports/qwen3-14b/h100/`). */
  url: z.string(),
  /** File path relative to the project root (`content/qwen3-14b/h100.md`), for edit links. */
  sourcePath: z.string(),
  /** Date of the last commit touching the file (ISO), or null outside git. */
  lastUpdated: z.string().nullable(),
  /** Id of the page's H1 (MkDocs slug), shown in the header. */
  titleId: z.string().nullable(),
  /** One-sentence summary for `<meta name="description">` and listings. */
  description: z.string(),
  counts: countsSchema,
  /** Headings with their ids, for the page outline. */
  headings: z.array(z.object({ depth: z.number().int(), text: z.string(), slug: z.string(), line: z.number().int().positive() })),
  /** Images published under `/media/`: site URL and file path relative to the project root. */
  media: z.array(z.object({ url: z.string(), file: z.string() })),
  problems: z.array(siteProblemSchema),
});

export const entrySchema = reportSchema.extend({ site: siteSchema });

export type Counts = z.output<typeof countsSchema>;
export type SiteProblem = z.output<typeof siteProblemSchema>;
export type SiteData = z.output<typeof siteSchema>;
export type Entry = z.output<typeof entrySchema>;
