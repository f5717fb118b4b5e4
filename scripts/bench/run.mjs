// `npm run bench`: perflab vs MkDocs Material vs Hugo on N synthetic reports. A script, not a test.
import { createServer } from 'node:net';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HELP, parseArgs } from './args.mjs';
import { devLatency } from './dev.mjs';
import { generateCorpus, readSources, writeCorpus } from './generate.mjs';
import { machine } from './machine.mjs';
import { defaults, endLive, hasTimeV, tail } from './measure.mjs';
import { distBytes, htmlFiles, locate, touch } from './pages.mjs';
import { renderResults } from './report.mjs';
import { buildSite, bundleCli, runCheck, snapshotRoot } from './site.mjs';
import { bareAstroSite, buildBareAstro, buildHugo, buildMkdocs, hugoSite, INSTALL, mkdocsSite, toolVersion } from './tools.mjs';
import { pageWeight } from './weight.mjs';

const MAIN = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WORK = join(MAIN, 'bench/work');
const rel = (p) => relative(MAIN, p);
const say = (...a) => console.log('[bench]', ...a);

let opts;
try {
  opts = parseArgs(process.argv.slice(2));
} catch (e) {
  console.error(e.message);
  process.exit(2);
}
if (opts.help) {
  console.log(HELP);
  process.exit(0);
}
const want = (p) => opts.only.includes(p);
defaults.timeoutMs = opts.timeoutMin * 60_000;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    endLive();
    process.exit(130);
  });
}
const out = resolve(MAIN, opts.out ?? (opts.smoke ? 'bench/work/RESULTS.smoke.md' : 'bench/RESULTS.md'));
mkdirSync(WORK, { recursive: true });

const failures = [];
const fail = (what, r) => {
  const log = r.steps?.at(-1)?.log ?? r.log;
  failures.push({ what, error: r.error ?? `exit ${r.code}`, log: log ? rel(log) : null, tail: log ? tail(log, 8) : '' });
  say(`FAILED ${what}: ${r.error ?? `exit ${r.code}`}${log ? ` (log: ${rel(log)})` : ''}`);
};

// Tools.
// Bare Astro runs on the project's own Astro: there whenever perflab builds.
const versions = { mkdocs: toolVersion('mkdocs'), hugo: toolVersion('hugo'), bare: 'astro' };
for (const t of ['mkdocs', 'hugo']) {
  if (want(t) && !versions[t]) say(`${t} not installed; skipping it. Install with: ${INSTALL[t]}`);
}
if (!hasTimeV) say('/usr/bin/time not found: no peak RSS. Install with: apt-get install -y time');

// Corpora: each in its own snapshot of the project, at `content/` as in the repository
// (so dev's file watcher sees it), and also named by PERFLAB_CONTENT.
const project = opts.project ? resolve(opts.project) : MAIN;
const sources = readSources(join(MAIN, 'content'));
const corpora = opts.sizes.map((n) => {
  const dir = join(WORK, `n${n}`);
  rmSync(dir, { recursive: true, force: true });
  const { root, config } = snapshotRoot(project, join(dir, 'root'));
  if (!config && n === opts.sizes[0]) say('no astro.config.* yet: building with Astro defaults');
  const pages = generateCorpus(sources, n, opts.seed);
  const content = join(root, 'content');
  const bytes = writeCorpus(content, pages);
  // The report edited for rebuild/dev: the first classic throughput page.
  const edit = pages.find((p) => p.source === 'qwen3-14b/h100.md') ?? pages[0];
  const title = (p) => /^# (.+)$/m.exec(p.content)?.[1]?.trim();
  return {
    n,
    dir,
    root,
    content,
    bytes,
    pages: pages.length,
    titles: pages.map(title).filter(Boolean),
    edit: { file: join(content, edit.path), title: title(edit) },
    // MkDocs above --mkdocs-max is not built (its time is extrapolated in the results).
    mkdocs: versions.mkdocs && n <= opts.mkdocsMax ? mkdocsSite(join(dir, 'mkdocs'), content) : null,
    hugo: versions.hugo ? hugoSite(join(dir, 'hugo'), content) : null,
    // Bare Astro above --bare-max is not built either (its memory grows past the machine's).
    bare: want('bare') && n <= opts.bareMax ? bareAstroSite(join(dir, 'bare'), content, join(project, 'node_modules')) : null,
    runs: [],
  };
});
const cli = want('check') ? await bundleCli(corpora[0].root, join(WORK, 'perflab-cli.mjs')) : null;
if (cli && !cli.ok) fail('perflab check (bundle)', cli);
say(`generated ${corpora.map((c) => `N=${c.n} (${(c.bytes / 1e6).toFixed(1)} MB)`).join(', ')} from ${sources.length} pages`);

const freePort = () =>
  new Promise((r) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => r(p));
    });
  });

/** Build, edit one report, build again, restore. */
async function buildAndRebuild(label, c, rep, build) {
  const full = await build();
  if (!full.ok) return (fail(`${label} N=${c.n} rep ${rep}`, full), { full });
  if (!want('rebuild')) return { full };
  const restore = touch(c.edit.file, `rev${rep}n${c.n}`);
  try {
    const again = await build();
    if (!again.ok) fail(`${label} rebuild N=${c.n} rep ${rep}`, again);
    return { full, rebuild: again };
  } finally {
    restore();
  }
}

for (let rep = 1; rep <= opts.reps; rep++) {
  // Rotate the order of sizes and tools each repetition so drift on a noisy machine spreads evenly.
  const order = corpora.map((_, i) => corpora[(i + rep - 1) % corpora.length]);
  for (const c of order) {
    const run = { rep };
    c.runs.push(run);
    const tools = ['perflab', 'mkdocs', 'hugo', 'bare'];
    for (const t of tools.map((_, i) => tools[(i + rep - 1) % tools.length])) {
      if (!want(t)) continue;
      const logPrefix = join(c.dir, `rep${rep}`);
      if (t === 'perflab') {
        const cache = join(c.dir, 'astro-cache/');
        rmSync(cache, { recursive: true, force: true });
        const site = join(c.dir, 'site-perflab');
        say(`rep ${rep} N=${c.n} perflab build`);
        run.perflab = await buildAndRebuild('perflab build', c, rep, () =>
          buildSite({ root: c.root, content: c.content, out: site, cache, logPrefix }),
        );
        if (run.perflab.full.ok && !c.dist) c.dist = distBytes(site);
        if (run.perflab.full.ok && !c.located) {
          c.located = locate(site, c.titles, c.edit.title);
          if (c.located.reportPages < c.pages)
            say(`warning: ${c.located.reportPages}/${c.pages} report pages found in the build (is PERFLAB_CONTENT honoured?)`);
        }
        if (run.perflab.full.ok && want('weight') && !c.weight && c.located?.url) {
          say(`N=${c.n} page weight`);
          c.weight = await pageWeight({ site, path: c.located.url });
        }
      } else if (t === 'bare' && c.bare) {
        say(`rep ${rep} N=${c.n} bare Astro build`);
        run.bare = { full: await buildBareAstro({ dir: c.bare, out: join(c.dir, 'site-bare'), logPrefix }) };
        if (!run.bare.full.ok) fail(`bare Astro build N=${c.n} rep ${rep}`, run.bare.full);
        else c.htmlFiles = { ...c.htmlFiles, bare: htmlFiles(join(c.dir, 'site-bare')).length };
      } else if (versions[t] && c[t]) {
        say(`rep ${rep} N=${c.n} ${t} build`);
        const build = t === 'mkdocs' ? buildMkdocs : buildHugo;
        const site = join(c.dir, `site-${t}`);
        run[t] = await buildAndRebuild(`${t} build`, c, rep, () => build({ dir: c[t], out: site, logPrefix }));
        if (run[t].full.ok) c.htmlFiles = { ...c.htmlFiles, [t]: htmlFiles(site).length };
      }
    }
    if (want('check') && cli?.ok) {
      say(`rep ${rep} N=${c.n} perflab check`);
      run.check = await runCheck({ cli: cli.file, content: c.content, cwd: c.root, log: join(c.dir, `rep${rep}.check.log`) });
      if (!run.check.ok) fail(`perflab check N=${c.n} rep ${rep}`, run.check);
    }
    if (want('dev') && c.located?.url) {
      say(`rep ${rep} N=${c.n} astro dev`);
      run.dev = await devLatency({
        root: c.root,
        content: c.content,
        file: c.edit.file,
        path: c.located.url,
        marker: `devrev${rep}n${c.n}`,
        port: await freePort(),
        log: join(c.dir, `rep${rep}.dev.log`),
      });
      if (!run.dev.ok) fail(`dev N=${c.n} rep ${rep}`, { error: run.dev.error, log: join(c.dir, `rep${rep}.dev.log`) });
    }
  }
}

// Baseline for the check: the original pages' exit code, to tell findings from variation damage.
let originalCheck = null;
if (want('check') && cli?.ok)
  originalCheck = await runCheck({ cli: cli.file, content: join(MAIN, 'content'), cwd: MAIN, log: join(WORK, 'check-originals.log') });

// Rows for other sizes from an earlier run (`--merge bench/work/results.json`).
let merged = null;
if (opts.merge) {
  const prev = JSON.parse(readFileSync(resolve(MAIN, opts.merge), 'utf8'));
  const extra = prev.corpora.filter((c) => !opts.sizes.includes(c.n));
  corpora.push(...extra);
  corpora.sort((a, b) => a.n - b.n);
  failures.push(...prev.failures.filter((f) => extra.some((c) => f.what.includes(`N=${c.n} `))));
  merged = { sizes: extra.map((c) => c.n), args: prev.args, reps: prev.opts.reps };
}

const result = {
  merged,
  sources: sources.length,
  date: new Date().toISOString().slice(0, 10),
  machine: machine(),
  versions,
  opts,
  corpora,
  failures,
  originalCheck,
  hasTimeV,
  args: process.argv.slice(2),
};
writeFileSync(
  join(WORK, 'results.json'),
  JSON.stringify(result, (k, v) => (k === 'titles' ? undefined : v), 2),
);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, renderResults(result, rel));
say(`wrote ${rel(out)} (raw: ${rel(join(WORK, 'results.json'))})`);
if (failures.length) {
  say(`${failures.length} part(s) failed; see the Failures section of ${rel(out)}`);
  if (opts.strict) process.exitCode = 1;
}
