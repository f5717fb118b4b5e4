#!/usr/bin/env node
// The accuracy study: `perflab check` on every labelled set of real pages the project has, scored against the
// hand-checked verdicts of each set (its claims.json), written to docs/accuracy.md.
//
//   npm run accuracy            # writes docs/accuracy.md
//   npm run accuracy -- --check # exits 1 when docs/accuracy.md differs from what the sets give now
//
// A labelled set is a folder with the pages, `claims.json` (one entry per stated number: file, line, text, stated,
// verdict ok / mismatch / untraceable, kind) and `blocks.json` (the raw blocks of each page). The sets live beside
// the repository (`../shared/realpages/set-*`); a set that is absent is skipped with a message.
//
// Matching (the same rules as the sets' own scorer): a perflab claim is matched to a labelled claim of the same file
// and line when one of the numbers of the labelled `stated` text equals the claim's number (absolute value; also
// x1000 for `K` values). Ties go to a labelled claim whose `stated` text holds the claim's text, then to one not yet
// matched, then to the nearest column. Labelled `ranking` claims take perflab `ranking-*` claims of their line. A
// labelled claim may take several perflab claims (a table row listed as one claim); its perflab verdict is the worst
// of them (mismatch > untraceable > consistent > verified).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = resolve(root, '../shared/realpages');
const OUT = join(root, 'docs/accuracy.md');
const check = process.argv.includes('--check');

const NUM = /(?<![A-Za-z0-9.])[-+\u2212\u2013]?\d[\d,]*(?:\.\d+)?(?![0-9]*[A-JL-Z])/g;
const WORST = { mismatch: 3, untraceable: 2, consistent: 1, verified: 0 };
const rank = (v) => WORST[v] ?? 2;

/** Numbers written in s: value (absolute), start column (0-based), text. */
function numbers(s) {
  const out = [];
  for (const m of String(s).matchAll(NUM)) {
    const v = Number(m[0].replace(/^[-+\u2212\u2013]+/, '').replace(/,/g, ''));
    if (Number.isFinite(v)) out.push({ value: Math.abs(v), at: m.index, text: m[0] });
  }
  return out;
}

function same(a, b) {
  for (const [x, y] of [
    [a, b],
    [a, b * 1000],
    [a * 1000, b],
  ])
    if (Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y))) return true;
  return false;
}

/** The numbers of a labelled claim with their column in the line (1-based, or null). */
function truthNumbers(t) {
  if (t.kind === 'ranking') return [];
  let st = t.stated;
  if (st.startsWith('row ') && st.includes(': ')) st = st.slice(st.indexOf(': ') + 2);
  return numbers(st).map((n) => {
    const col = t.text.indexOf(n.text);
    return { value: n.value, column: col >= 0 ? col + 1 : null };
  });
}

function claimNumber(p) {
  if (typeof p.stated === 'number') return Math.abs(p.stated);
  const ns = numbers(p.text ?? '');
  return ns.length ? ns[0].value : null;
}

const norm = (s) =>
  String(s)
    .replace(/\s+/g, '')
    .replace(/[\u2212\u2013]/g, '-');

/** Compare two tuples as Python does (booleans and numbers by value, strings by code point). */
function compareTuples(a, b) {
  for (let i = 0; i < a.length; i++) {
    const x = typeof a[i] === 'boolean' ? Number(a[i]) : a[i];
    const y = typeof b[i] === 'boolean' ? Number(b[i]) : b[i];
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

/** Score one set: every labelled claim with the perflab verdict matched to it, and the claims matched to none. */
function score(report, truth, blocks) {
  const pages = new Set([...Object.keys(blocks), ...truth.map((t) => t.file)]);
  const files = new Map();
  for (const f of report.files) if (pages.has(basename(f.path))) files.set(basename(f.path), f);
  const byLine = new Map();
  for (const t of truth) {
    t._nums = truthNumbers(t);
    t._p = [];
    const key = `${t.file}\0${t.line}`;
    byLine.set(key, [...(byLine.get(key) ?? []), t]);
  }
  const extras = [];
  for (const [name, f] of files)
    for (const p of f.claims) {
      const cands = byLine.get(`${name}\0${p.line}`) ?? [];
      const pv = claimNumber(p);
      if (p.kind.startsWith('ranking')) {
        const rk = cands.filter((t) => t.kind === 'ranking');
        if (rk.length) {
          // A stable sort: claims not yet matched first.
          rk.sort((a, b) => Number(a._p.length > 0) - Number(b._p.length > 0));
          rk[0]._p.push(p);
          continue;
        }
      }
      const hits = [];
      for (const t of cands) {
        const cols = t._nums.filter((n) => pv !== null && same(n.value, pv)).map((n) => n.column);
        if (!cols.length) continue;
        const placed = cols.filter((c) => c !== null).map((c) => Math.abs(c - p.column));
        const dist = placed.length ? Math.min(...placed) : 10 ** 6;
        hits.push([!norm(t.stated).includes(norm(p.text ?? '')), t._p.length > 0, dist, t.id, t]);
      }
      if (hits.length) {
        hits.sort((a, b) => compareTuples(a.slice(0, 4), b.slice(0, 4)));
        hits[0][4]._p.push(p);
      } else extras.push({ name, p });
    }
  for (const t of truth) t._pv = t._p.length ? t._p.map((p) => p.verdict).reduce((a, b) => (rank(b) > rank(a) ? b : a)) : 'not found';
  return { truth, extras };
}

/** The figures of a group of labelled claims. */
function figures(ts) {
  const count = (f) => ts.filter(f).length;
  return {
    claims: ts.length,
    found: count((t) => t._p.length > 0),
    mismatches: count((t) => t.verdict === 'mismatch'),
    flagged: count((t) => t.verdict === 'mismatch' && t._pv === 'mismatch'),
    falseErrors: count((t) => t.verdict === 'ok' && t._pv === 'mismatch'),
    okUntraceable: count((t) => t.verdict === 'ok' && t._pv === 'untraceable'),
    untraceable: count((t) => t._pv === 'untraceable'),
    labelledUntraceable: count((t) => t.verdict === 'untraceable'),
    agree: count((t) => (t.verdict === 'ok' && (t._pv === 'verified' || t._pv === 'consistent')) || t.verdict === t._pv),
  };
}

const pct = (a, b) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);

function row(label, f) {
  return `| ${label} | ${f.claims} | ${f.found} (${pct(f.found, f.claims)}) | ${f.flagged} of ${f.mismatches} | ${f.falseErrors} | ${f.untraceable} (${f.okUntraceable} ok) | ${f.labelledUntraceable} | ${f.agree} (${pct(f.agree, f.claims)}) |`;
}

const sets = existsSync(SHARED)
  ? readdirSync(SHARED)
      .filter((d) => existsSync(join(SHARED, d, 'claims.json')) && existsSync(join(SHARED, d, 'blocks.json')))
      .sort()
  : [];
if (sets.length === 0) {
  console.log(`accuracy: no labelled set found beside the repository (../shared/realpages/set-*); nothing written`);
  process.exit(0);
}

const lines = [
  '# Accuracy on labelled real pages',
  '',
  '<!-- Generated by scripts/accuracy.mjs (`npm run accuracy`); do not edit. -->',
  '',
  "How often `perflab check` finds and judges right the numbers real authors state, measured on pages from other projects whose every stated number has a verdict checked by hand (the sets `realpages/set-*` kept beside the repository: each page's `claims.json` gives, per stated number, its line, the number, the verdict `ok`, `mismatch` or `untraceable` (the page does not hold what the number needs) and its kind). These pages are data to measure on: no file name, label or number of them is in the code.",
  '',
  'A perflab claim counts for a labelled number when it stands on the same line and states the same number (x1000 for `K` values); a labelled number that several claims match (a table row) takes the worst of their verdicts. Columns:',
  '',
  '- **found**: labelled numbers perflab makes a claim of;',
  '- **flagged**: labelled mismatches perflab calls a mismatch (an error), of all labelled mismatches;',
  '- **false errors**: numbers labelled `ok` that perflab calls a mismatch;',
  '- **left untraceable**: labelled numbers perflab leaves `untraceable` (in brackets, how many of them are labelled `ok`);',
  '- **labelled untraceable**: numbers the labels say the page gives no source for;',
  '- **agree**: verdicts that agree (`ok` = verified or consistent; `mismatch`; `untraceable`), a number not found counting as disagreement.',
  '',
];
const header = [
  '| kind | claims | found | flagged | false errors | left untraceable | labelled untraceable | agree |',
  '|---|---|---|---|---|---|---|---|',
];
const summary = [];
let failed = false;
for (const set of sets) {
  const dir = join(SHARED, set);
  const run = spawnSync(process.execPath, [join(root, 'bin/perflab.mjs'), 'check', '--no-cache', '--format', 'json', dir], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    console.error(`accuracy: perflab check gave no JSON report on ${set} (exit ${run.status}): ${run.stderr.slice(0, 500)}`);
    failed = true;
    continue;
  }
  const truth = JSON.parse(readFileSync(join(dir, 'claims.json'), 'utf8'));
  const blocks = JSON.parse(readFileSync(join(dir, 'blocks.json'), 'utf8'));
  const { truth: scored, extras } = score(report, truth, blocks);
  const all = figures(scored);
  const unlisted = extras.filter((e) => e.p.verdict === 'mismatch').length;
  const pagesCount = new Set([...Object.keys(blocks), ...truth.map((t) => t.file)]).size;
  lines.push(`## ${set}`, '', `${pagesCount} pages, ${truth.length} labelled numbers (${all.mismatches} mismatches).`, '');
  lines.push(...header);
  const kinds = [...new Set(scored.map((t) => t.kind))].sort();
  for (const kind of kinds) lines.push(row(`\`${kind}\``, figures(scored.filter((t) => t.kind === kind))));
  lines.push(row('**all**', all), '');
  lines.push(
    `Mismatches perflab reports on numbers the labels do not list: ${unlisted}. Claims on these pages matched to no labelled number: ${extras.length}.`,
    '',
  );
  summary.push(
    `| ${set} | ${all.found} of ${all.claims} (${pct(all.found, all.claims)}) | ${all.flagged} of ${all.mismatches} (${pct(all.flagged, all.mismatches)}) | ${all.falseErrors} (+${unlisted} on unlisted numbers) | ${all.untraceable} |`,
  );
}
const first = lines.findIndex((l) => l.startsWith('## set') || sets.some((s) => l === `## ${s}`));
lines.splice(
  first < 0 ? lines.length : first,
  0,
  '## Summary',
  '',
  '| set | found | mismatches flagged | false errors | left untraceable |',
  '|---|---|---|---|---|',
  ...summary,
  '',
);
const text = `${lines.join('\n').replace(/\n+$/, '')}\n`;
if (check) {
  const old = existsSync(OUT) ? readFileSync(OUT, 'utf8') : '';
  if (old !== text) {
    console.error('accuracy: docs/accuracy.md differs from what the labelled sets give now; run `npm run accuracy`');
    process.exit(1);
  }
  console.log('accuracy: docs/accuracy.md is up to date');
} else {
  writeFileSync(OUT, text);
  console.log(`accuracy: wrote docs/accuracy.md (${sets.join(', ')})`);
  for (const s of summary) console.log(`  ${s}`);
}
process.exit(failed ? 1 : 0);
