// What a report page ships, and what the first search query fetches. Measured in
// Chromium (playwright-core) when available, else estimated from the built files.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gz, serve } from './serve.mjs';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));
const KIND = { '.html': 'html', '.css': 'css', '.js': 'js', '.mjs': 'js' };

/** Folder of pagefind's output inside the site, as a URL path (`/pagefind/`), or null. */
function pagefindDir(site) {
  const walk = (d, depth) => {
    if (existsSync(join(d, 'pagefind', 'pagefind.js'))) return join(d, 'pagefind');
    if (depth > 2) return null;
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory() && n !== 'pagefind') {
        const r = walk(p, depth + 1);
        if (r) return r;
      }
    }
    return null;
  };
  return walk(site, 0);
}

function tally(all) {
  const entries = all.filter((e) => e.status !== 404);
  const t = { html: 0, css: 0, js: 0, other: 0, total: 0, requests: entries.length };
  for (const e of entries) {
    t[KIND[e.ext] ?? 'other'] += e.wire;
    t.total += e.wire;
  }
  return t;
}

export async function pageWeight({ site, path, query = 'throughput' }) {
  const pf = pagefindDir(site);
  const pfUrl = pf ? pf.slice(site.length).split('\\').join('/') + '/' : null;
  if (CHROMIUM) {
    try {
      return await inBrowser({ site, path, pfUrl, query });
    } catch (e) {
      return { ...estimate({ site, path, pf }), note: `browser measurement failed (${e.message.split('\n')[0]}); estimated from files` };
    }
  }
  return { ...estimate({ site, path, pf }), note: 'estimated from files (no Chromium)' };
}

async function inBrowser({ site, path, pfUrl, query }) {
  const { chromium } = await import('playwright-core');
  const server = await serve(site);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    const onLoad = server.log.splice(0);
    let search = null;
    if (pfUrl) {
      const hits = await page.evaluate(
        async ([u, q]) => {
          const pf = await import(u + 'pagefind.js');
          // A site indexed in shards merges them, as the search dialog does (scripts/search-index.mjs).
          const shards = await fetch(u + 'shards.json')
            .then((x) => (x.ok ? x.json() : { merge: [] }))
            .catch(() => ({ merge: [] }));
          for (const m of shards.merge ?? []) await pf.mergeIndex(u + m);
          await pf.init?.();
          const r = await pf.search(q);
          await Promise.all(r.results.slice(0, 5).map((x) => x.data()));
          return r.results.length;
        },
        [pfUrl, query],
      );
      await page.waitForLoadState('networkidle');
      const fetched = [...onLoad.filter((e) => e.path.startsWith(pfUrl)), ...server.log];
      search = {
        query,
        hits,
        requests: fetched.length,
        wire: fetched.reduce((s, e) => s + e.wire, 0),
        files: fetched.map((e) => e.path.slice(pfUrl.length)),
      };
    }
    const own = onLoad.filter((e) => !pfUrl || !e.path.startsWith(pfUrl));
    return { method: 'chromium', page: tally(own), search };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Files-only estimate: the page with its linked CSS/JS; pagefind entry + js + wasm + meta + median chunk + 5 fragments. */
function estimate({ site, path, pf }) {
  const file = path.endsWith('/') ? join(site, path, 'index.html') : join(site, path.endsWith('.html') ? path : `${path}.html`);
  const html = readFileSync(file);
  const entries = [{ ext: '.html', wire: gz(html) }];
  const refs = [...html.toString().matchAll(/(?:href|src)="(\/[^"?#]+\.(css|js|mjs))"/g)].map((m) => m[1]);
  for (const r of new Set(refs))
    if (existsSync(join(site, r))) entries.push({ ext: `.${r.split('.').pop()}`, wire: gz(readFileSync(join(site, r))) });
  let search = null;
  if (pf) {
    const size = (p) => statSync(p).size;
    const files = readdirSync(pf);
    const median = (dir) => {
      const s = existsSync(dir)
        ? readdirSync(dir)
            .map((f) => size(join(dir, f)))
            .sort((a, b) => a - b)
        : [];
      return s.length ? s[s.length >> 1] : 0;
    };
    const wasm = files.find((f) => f.startsWith('wasm.') && !f.includes('unknown')) ?? files.find((f) => f.startsWith('wasm.'));
    const meta = files.find((f) => f.endsWith('.pf_meta'));
    const wire =
      gz(readFileSync(join(pf, 'pagefind.js'))) +
      gz(readFileSync(join(pf, 'pagefind-entry.json'))) +
      (wasm ? size(join(pf, wasm)) : 0) +
      (meta ? size(join(pf, meta)) : 0) +
      median(join(pf, 'index')) +
      5 * median(join(pf, 'fragment'));
    search = { query: '(estimate)', requests: 4 + 1 + 5, wire };
  }
  return { method: 'estimate', page: tally(entries), search };
}
