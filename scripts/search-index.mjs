// The site's search index: Pagefind over the report pages (the only pages that carry `data-pagefind-body`), in shards
// of at most `PERFLAB_SEARCH_SHARD` pages (default 1,000). Pagefind holds every page it indexes until it writes the
// index, about 0.7 MB per report page, so one index of 10,000 reports took 6.9 GB; each shard is indexed by its own
// Pagefind process, which exits before the next starts, so the build's memory does not grow with the site. The first
// shard is the bundle at `pagefind/` (its UI and scripts); the others are bundles at `pagefind/<k>/`, listed in
// `pagefind/shards.json`, which the search dialog merges into one search (Pagefind's `mergeIndex`).
//
//   node scripts/search-index.mjs [site folder]     (default: PERFLAB_OUT_DIR, else dist)
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { foreignFolder, markSite, SITE_MARKER } from '../src/lib/site/out-dir.mjs';

/** Report pages per shard (`PERFLAB_SEARCH_SHARD` overrides it; the tests make it small to build several). */
const SHARD = 1000;
const pagefindBin = fileURLToPath(new URL('../node_modules/.bin/pagefind', import.meta.url));

const site = resolve(process.argv[2] ?? process.env.PERFLAB_OUT_DIR ?? 'dist');
const asked = Number(process.env.PERFLAB_SEARCH_SHARD);
const size = Number.isInteger(asked) && asked > 0 ? asked : SHARD;

/** The report pages, as paths relative to the site, in a stable order (so a shard holds the same pages each build). */
function reportPages() {
  const dir = join(site, 'reports');
  let names;
  try {
    names = readdirSync(dir, { recursive: true });
  } catch {
    return [];
  }
  return names
    .map((n) => String(n).split(sep).join('/'))
    .filter((n) => n.endsWith('.html'))
    .map((n) => `reports/${n}`)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Stop with exit 2 and one line: perflab writes and removes only inside a site it built. */
function refuse(/** @type {string} */ reason) {
  console.error(`perflab: ${JSON.stringify(site).slice(1, -1)} ${reason}; the search index was not written`);
  process.exit(2);
}
// The site folder holds the marker its build left (src/lib/site/out-dir.mjs): its `pagefind/` is perflab's to replace.
if (!existsSync(join(site, SITE_MARKER))) refuse(`is not a site perflab built (no ${SITE_MARKER})`);

const started = process.hrtime.bigint();
const pages = reportPages();
const shards = [];
for (let at = 0; at < Math.max(pages.length, 1); at += size) shards.push(pages.slice(at, at + size));
const out = join(site, 'pagefind');
rmSync(out, { recursive: true, force: true });
let status = 0;
for (const [k, files] of shards.entries()) {
  // Pagefind's own command over a folder that holds this shard's pages only, at their paths in the site (so their
  // addresses are the site's): links to the files, beside the site folder, removed once the shard is written.
  const stage = `${site}.search-${k + 1}`;
  // Beside the site: a folder of that name that an earlier run did not leave is not perflab's to remove.
  const taken = foreignFolder(stage);
  if (taken) refuse(`needs ${JSON.stringify(stage).slice(1, -1)} for its search index, which ${taken}`);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  markSite(stage);
  try {
    for (const file of files) {
      const to = join(stage, file);
      mkdirSync(dirname(to), { recursive: true });
      try {
        linkSync(join(site, file), to);
      } catch {
        copyFileSync(join(site, file), to);
      }
    }
    const bundle = k === 0 ? out : join(out, String(k + 1));
    const run = spawnSync(pagefindBin, ['--site', stage, '--output-path', bundle], {
      stdio: ['ignore', 'ignore', 'inherit'],
      shell: process.platform === 'win32',
    });
    if (run.status !== 0) {
      console.error(`pagefind: shard ${k + 1} of ${shards.length} failed (${run.error?.message ?? `exit ${run.status}`})`);
      // Not a finding: the site's search index could not be written (exit 2, as any failed write of the output).
      status = 2;
    }
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
// The bundles to merge into the first one's search, as paths relative to it.
writeFileSync(join(out, 'shards.json'), JSON.stringify({ merge: shards.slice(1).map((_, k) => `${k + 2}/`) }) + '\n');
const ms = Number(process.hrtime.bigint() - started) / 1e6;
console.log(
  `Search index: ${pages.length} report pages in ${shards.length} shard${shards.length === 1 ? '' : 's'} of at most ${size} (${relative(process.cwd(), out) || '.'}), ${(ms / 1000).toFixed(1)} s`,
);
process.exitCode = status;
