// The `reports` collection entry: the pipeline's Report plus what the site derives once at load time.
import { z } from 'zod';
import { reportSchema } from '../schemas/report.js';
import { runSchema } from '../schemas/run.js';

/** Counts of rendered constructs, checked against the Markdown by the site tests. */
export const countsSchema = z.object({
  details: z.number().int().nonnegative(),
  admonitions: z.number().int().nonnegative(),
  tables: z.number().int().nonnegative(),
  code: z.number().int().nonnegative(),
  images: z.number().int().nonnegative(),
});

/** A finding about the site's own fields (a search filter with no text left); never fatal. What the renderer degrades, the check stage reports. */
export const siteProblemSchema = z.object({
  line: z.number().int().positive(),
  column: z.number().int().positive(),
  message: z.string(),
  /** `site-search-value`. */
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
  /** Saved result files its runs were read from, published under `/saved/`: the file, its view, its project path, its path below its content folder. */
  saved: z.array(z.object({ url: z.string(), view: z.string(), file: z.string(), name: z.string() })),
  problems: z.array(siteProblemSchema),
});

export const entrySchema = reportSchema.extend({ site: siteSchema });

/** A run as kept in the content store: everything but its metrics (the bulk), which stay in the loader's cache. */
export const storedRunSchema = runSchema.omit({ metrics: true, unknown: true });

/** The entry as the loader writes it to its `.entry.json` cache file: the full entry with slim runs. */
export const entryFileSchema = entrySchema.extend({ runs: z.array(storedRunSchema) });

/** One question a page's check or render asked of the disk: does a linked file exist; where is an image published. */
export const probeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('file'), path: z.string(), answer: z.boolean() }),
  z.object({ kind: z.literal('image'), path: z.string(), answer: z.string().nullable() }),
  /** A saved result file the page links to (`link`, from the page at `path`, `page` below its folder): its digest. */
  z.object({ kind: z.literal('saved'), path: z.string(), page: z.string(), link: z.string(), answer: z.string() }),
]);

/** SHA-256 of each cached file: a file that no longer matches is rendered again, never published. */
export const cacheHashesSchema = z.object({
  html: z.string(),
  source: z.string(),
  runs: z.string(),
  entry: z.string(),
  rows: z.string(),
  data: z.string(),
  csv: z.string(),
});

/**
 * What the content store holds per report: only where its files are. `cache` is the path prefix of the files the
 * loader wrote (`.html` body, `.md` source, `.runs.json` full runs, `.entry.json` the entry itself, `.rows.json` its
 * runs as the explorer reads them, `.data.json` its published data, `.csv.json` its part of runs.csv; see
 * src/lib/engine/site-cache.ts). Astro bundles the whole store into the build as one JavaScript module, so a store that held
 * the entries would cost the build time and memory in proportion to the site; this one stays a few lines per report.
 */
export const storeRefSchema = z.object({
  /** The page's content-relative path: the routes list the reports in its order without reading their entries. */
  path: z.string(),
  cache: z.string(),
  cacheHashes: cacheHashesSchema,
  /** What the page's check and render asked of the disk, with the answers (see src/loader/probes.ts). */
  probes: z.array(probeSchema).default([]),
  /** The other pages its claims and messages cite, with a digest of what they were then (see src/loader/probes.ts). */
  cited: z.array(z.object({ path: z.string(), view: z.string() })).default([]),
});

/** An entry as pages read it: the entry file's data, with the reference it was read through. */
export const storedEntrySchema = entryFileSchema.extend(storeRefSchema.pick({ cache: true, cacheHashes: true }).shape);

export type Counts = z.output<typeof countsSchema>;
export type SiteProblem = z.output<typeof siteProblemSchema>;
export type SiteData = z.output<typeof siteSchema>;
export type Entry = z.output<typeof entrySchema>;
export type StoredRun = z.output<typeof storedRunSchema>;
export type StoredEntry = z.output<typeof storedEntrySchema>;
export type EntryFile = z.output<typeof entryFileSchema>;
export type StoreRef = z.output<typeof storeRefSchema>;
export type Probe = z.output<typeof probeSchema>;
export type Cited = StoreRef['cited'][number];
/** What listings and summaries read: a full Entry or a stored one (runs without metrics). */
export type ListedEntry = Omit<Entry, 'runs'> & { runs: StoredRun[] };
