// What the index pages gather from every report: the listings, the engines and their case names, the techniques, the
// images to publish and /verification/'s index. A production build makes them all in one read of each report, the
// first time a page asks for any of them: a lean build (./lean.ts) parses a report's entry again for each read, and
// separate passes read every entry five times more (at 10,000 reports, 50,000 parses of 70 KB). A dev server makes
// each when a page asks (the listings and the index kept while the entries stay the same: ./collection.ts).
import { caseNameFold, engineFold, techniqueFold, type EngineUse, type TechniqueUse } from './catalog.js';
import { devListings, eachData, entryKey, reports, type ReportEntry } from './collection';
import type { StoredEntry } from './entry.js';
import { foldAll, foldMany, picking, type Fold, type Results } from './fold.js';
import { listing, type Listing } from './listing.js';
import { indexOf, verificationFold, verifyPiece, type ReadReport, type VerifyPiece } from './verification';
import { keptBy, type Kept } from './kept.js';
import type { VerificationIndex } from './verification-order.js';

/** An image a report shows: its address under `/media/`, the file (project-relative) and the page that names it. */
export interface MediaUse {
  url: string;
  file: string;
  sourcePath: string;
}

export function mediaFold(): Fold<StoredEntry, MediaUse[]> {
  const out: MediaUse[] = [];
  return {
    add: (d) => void out.push(...d.site.media.map((m) => ({ url: m.url, file: m.file, sourcePath: d.site.sourcePath }))),
    result: () => out,
  };
}

/** A saved result file a report's runs were read from: its addresses, its project path and the page. */
export interface SavedUse {
  url: string;
  view: string;
  file: string;
  name: string;
  sourcePath: string;
}

export function savedFold(): Fold<StoredEntry, SavedUse[]> {
  const out: SavedUse[] = [];
  return {
    add: (d) => void out.push(...d.site.saved.map((m) => ({ ...m, sourcePath: d.site.sourcePath }))),
    result: () => out,
  };
}

/** A fold of each report's listing, in order. */
function listingFold(): Fold<StoredEntry, Listing[]> {
  const out: Listing[] = [];
  return { add: (d) => void out.push(listing(d)), result: () => out };
}

const data = (r: ReadReport) => r.data;

/** Every fold the index pages read, over each report once (read as the pass reaches it). */
function siteFolds() {
  return {
    listings: picking(listingFold(), data),
    engines: picking(engineFold(), data),
    caseNames: picking(caseNameFold(), data),
    techniques: picking(techniqueFold(), data),
    media: picking(mediaFold(), data),
    saved: picking(savedFold(), data),
    verification: verificationFold(),
  };
}

let made: Promise<Results<ReturnType<typeof siteFolds>>> | undefined;

/** Every fold in one pass: each report's entry is read once. */
const digest = () => (made ??= reports().then((entries) => foldMany(siteFolds(), readEach(entries))));

function* readEach(entries: readonly ReportEntry[]): Generator<ReadReport> {
  for (const entry of entries) yield { entry, data: entry.data };
}

/** Every report's listing (card, tree, llms.txt), in the order of `reports()`. */
export const listings = (): Promise<Listing[]> => (import.meta.env.PROD ? digest().then((d) => d.listings) : devListings());

/** Engines across the reports, and each run's case name on its own page (`url#run`). */
export async function siteEngines(): Promise<{ engines: EngineUse[]; caseNames: Map<string, string> }> {
  if (import.meta.env.PROD) return digest();
  return foldMany({ engines: engineFold(), caseNames: caseNameFold() }, eachData(await reports()));
}

/** Techniques across the reports. */
export const siteTechniques = async (): Promise<TechniqueUse[]> =>
  import.meta.env.PROD ? (await digest()).techniques : foldAll(techniqueFold(), eachData(await reports()));

/** Images the reports show. */
export const siteMedia = async (): Promise<MediaUse[]> =>
  import.meta.env.PROD ? (await digest()).media : foldAll(mediaFold(), eachData(await reports()));

/** Saved result files the reports' runs were read from. */
export const siteSaved = async (): Promise<SavedUse[]> =>
  import.meta.env.PROD ? (await digest()).saved : foldAll(savedFold(), eachData(await reports()));

const DEV_PIECES = Symbol.for('perflab.dev-verification');
/** Dev: the index stands while every entry file is the one it was made from (a report page links into it). */
let devIndex: { key: string; index: VerificationIndex } | undefined;

/**
 * /verification/'s order, pages and totals. A dev server keeps each report's piece while its entry stays the same
 * (on `globalThis`, like the listings): after an edit it reads the edited report, not every report (at 10,000 reports,
 * reading them all took several seconds of the request that showed the edit).
 */
export async function verificationIndex(): Promise<VerificationIndex> {
  if (import.meta.env.PROD) return (await digest()).verification;
  const entries = await reports();
  const keys = entries.map(entryKey);
  const key = keys.join('\n');
  if (devIndex?.key === key) return devIndex.index;
  const held = globalThis as { [DEV_PIECES]?: Kept<ReadReport, VerifyPiece> };
  const made = keptBy(
    verifyPiece,
    entries.map((entry, i) => ({ key: keys[i], entry: () => ({ entry, data: entry.data }) })),
    held[DEV_PIECES],
  );
  held[DEV_PIECES] = made.kept;
  devIndex = { key, index: indexOf(made.values.map((piece, i) => ({ piece, entry: entries[i] }))) };
  return devIndex.index;
}
