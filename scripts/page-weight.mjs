#!/usr/bin/env node
// Prints the JavaScript a page ships before search opens: inline scripts plus module scripts and their static
// imports, gzipped. Pagefind's UI is loaded on first use and so is not counted.
// Usage: node scripts/page-weight.mjs [dist] [page ...]   (default: every report page)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const gz = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;

/** Static imports of a bundled module (`import "./x.js"`, `import {a} from "./x.js"`), not `import()`. */
function staticImports(code) {
  return [...code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)].map((m) => m[1]);
}

/** `{ total, scripts: [{ src, gzip }] }` for one built HTML file. */
export function pageWeight(dist, htmlFile) {
  const html = readFileSync(htmlFile, 'utf8');
  const scripts = [];
  const seen = new Set();
  const addFile = (url, from) => {
    const file = url.startsWith('/') ? join(dist, url) : join(dirname(from), url);
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    scripts.push({ src: relative(dist, file), gzip: gz(code) });
    for (const dep of staticImports(code)) addFile(dep, file);
  };
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1];
    if (/type=["']?application\/(?:ld\+)?json/.test(attrs)) continue;
    const src = /\bsrc=["']?([^"'\s>]+)/.exec(attrs)?.[1];
    if (src) addFile(src, htmlFile);
    else if (m[2].trim()) scripts.push({ src: '(inline)', gzip: gz(m[2]) });
  }
  return { total: scripts.reduce((n, s) => n + s.gzip, 0), scripts };
}

function reportPages(dist) {
  const root = join(dist, 'reports');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('index.html'))
    .map((f) => join(root, f))
    .sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dist = 'dist', ...pages] = process.argv.slice(2);
  const files = pages.length ? pages.map((p) => join(dist, p, p.endsWith('.html') ? '' : 'index.html')) : reportPages(dist);
  if (files.length === 0) {
    console.error(`No pages found under ${dist}; run \`npm run build\` first.`);
    process.exit(1);
  }
  let worst = 0;
  for (const file of files) {
    const { total, scripts } = pageWeight(dist, file);
    worst = Math.max(worst, total);
    console.log(
      `${(total / 1024).toFixed(1).padStart(6)} KB gz  ${relative(dist, file)}  (${scripts.map((s) => `${s.src} ${s.gzip} B`).join(', ')})`,
    );
  }
  console.log(`max ${(worst / 1024).toFixed(1)} KB gzipped JS before search opens (budget 20 KB)`);
  process.exit(worst > 20 * 1024 ? 1 : 0);
}
