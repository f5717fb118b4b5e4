// Finding a report's page in a built site, and editing one report for rebuild/dev runs.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** All .html files under `dir` except pagefind's. */
export function htmlFiles(dir) {
  const out = [];
  const walk = (d) => {
    let names;
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const name of names) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        if (name !== 'pagefind') walk(p);
      } else if (name.endsWith('.html')) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/**
 * Bytes of a built site: every file (`total`, Pagefind's included), the report pages (`reports/**\/index.html`):
 * how many, their bytes, and the largest. What a site of N reports costs on disk, and whether a page grows with N.
 */
export function distBytes(dir) {
  let total = 0;
  let files = 0;
  const report = { pages: 0, bytes: 0, largest: 0 };
  const walk = (d, inReports) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p, inReports || (d === dir && entry.name === 'reports'));
      else {
        const size = statSync(p).size;
        total += size;
        files++;
        if (inReports && entry.name === 'index.html') {
          report.pages++;
          report.bytes += size;
          report.largest = Math.max(report.largest, size);
        }
      }
    }
  };
  walk(dir, false);
  return { total, files, report };
}

/** URL path of a built file (`a/b/index.html` -> `/a/b/`). */
export function urlOf(dir, file) {
  const rel = relative(dir, file).split(sep).join('/');
  return '/' + rel.replace(/(^|\/)index\.html$/, '$1');
}

/** Count pages naming each title, and the URL of the page whose <h1> or <title> carries `title`. */
export function locate(dir, titles, wanted) {
  const files = htmlFiles(dir);
  let found = 0;
  let url = null;
  const set = new Set(titles);
  for (const f of files) {
    const html = readFileSync(f, 'utf8');
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/i
      .exec(html)?.[1]
      ?.replace(/<[^>]+>/g, '')
      .trim();
    const t = /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim() ?? '';
    const names = [h1, t, t.split(/\s+[|\u2013\u2014-]\s+/)[0]].filter(Boolean);
    if (names.some((x) => set.has(x))) found++;
    if (!url && names.includes(wanted)) url = urlOf(dir, f);
  }
  return { htmlFiles: files.length, reportPages: found, url };
}

/** Append a marker paragraph to a report; returns a function restoring it. */
export function touch(file, marker) {
  const before = readFileSync(file, 'utf8');
  writeFileSync(file, `${before.trimEnd()}\n\nBench revision ${marker}.\n`);
  return () => writeFileSync(file, before);
}
