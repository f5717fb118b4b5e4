// Synthetic corpus: N reports made from the real pages by varying names only.
// Every number stays as printed, so each page's own checks hold; link targets are left
// untouched and pages keep their folder depth, so relative links resolve as before.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { hash32, int, mulberry32, pick } from './prng.mjs';

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ra',
  'ze',
  'tu',
  'vo',
  'ne',
  'si',
  'da',
  'pe',
  'ro',
  'fa',
  'li',
  'mo',
  'ta',
  'wen',
  'dor',
  'ix',
  'sul',
];
const ORGS = ['Acme', 'Nimbus', 'Borealis', 'Quanta', 'Helix', 'Orbital', 'Lattice', 'Meridian', 'Cobalt', 'Vertex'];
// Real accelerator names, so hardware parsing sees familiar shapes.
const GPUS = ['A100', 'A800', 'H100', 'H800', 'H200', 'H20', 'B200', 'B100', 'L40S', 'L20'];

/** Read every `.md` under `dir`, sorted by path (POSIX separators). */
export function readSources(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.md')) out.push({ path: relative(dir, p).split(sep).join('/'), content: readFileSync(p, 'utf8') });
    }
  };
  walk(dir);
  return out;
}

/** A fresh name set for page `index`; `taken` keeps families (and versions) unique across the corpus. */
function variation(seed, index, taken) {
  const rand = mulberry32(hash32(`${seed}:${index}`));
  let family;
  do {
    const n = int(rand, 2, 3);
    let stem = '';
    for (let k = 0; k < n; k++) stem += pick(rand, SYLLABLES);
    family = stem[0].toUpperCase() + stem.slice(1) + int(rand, 2, 9);
  } while (taken.has(family));
  taken.add(family);
  // 94 x 31 versions: past a few thousand pages most draws are taken, so a long run of misses adds a suffix
  // (a loop over a full set never ends). Small corpora draw the same names as before.
  let version;
  let tries = 0;
  do version = `0.${int(rand, 6, 99)}.${int(rand, 0, 30)}${++tries > 20 ? `.post${tries}` : ''}`;
  while (taken.has(version));
  taken.add(version);
  const gpus = [...GPUS];
  const gpuA = gpus.splice(Math.floor(rand() * gpus.length), 1)[0];
  const gpuB = pick(rand, gpus);
  return { family, org: pick(rand, ORGS), version, gpu: { H100: gpuA, H200: gpuB } };
}

/** Apply a variation to text outside link destinations. */
function rename(text, v, isEngineLog) {
  let t = text
    .replace(/\bQwen\/Qwen3(?=[-.])/g, `${v.org}/${v.family}`)
    .replace(/\bQwen3(?=[-.])/g, v.family)
    .replace(/\bqwen3(?=[-.])/g, v.family.toLowerCase())
    .replace(/\bH(100|200)\b/g, (m) => v.gpu[m])
    .replace(/\bh(100|200)\b/g, (m) => v.gpu[m.toUpperCase()].toLowerCase());
  if (isEngineLog) t = t.replace(/\bv0\.5\.1\b/g, `v${v.version}`);
  return t;
}

/** Vary one page; `](target)` destinations (not in-page `#anchors`) are kept verbatim. */
export function varyPage(source, v) {
  const isEngineLog = /^# SGLang v0\.5\.1\s*$/m.test(source.content);
  const parts = source.content.split(/(\]\((?!#)[^)\s]*(?:\s+"[^"]*")?\))/);
  const content = parts.map((p, i) => (i % 2 ? p : rename(p, v, isEngineLog))).join('');
  const [dir, file] = source.path.includes('/') ? [dirname(source.path), source.path.split('/').pop()] : ['', source.path];
  let newDir = rename(dir, v, isEngineLog);
  if (newDir === dir) newDir = `${dir || 'pages'}-${v.family.toLowerCase()}`; // e.g. engine-baselines
  const newFile = rename(file, v, isEngineLog);
  return { path: `${newDir}/${newFile}`, source: source.path, content };
}

/** N pages cycling over the sources; prefix-stable (the first 30 of N=300 are the N=30 corpus). */
export function generateCorpus(sources, n, seed = 1) {
  if (!sources.length) throw new Error('generateCorpus: no source pages; pass the pages of content/');
  const taken = new Set();
  const pages = [];
  for (let i = 0; i < n; i++) pages.push(varyPage(sources[i % sources.length], variation(seed, i, taken)));
  return pages;
}

/** Write pages under `dir` (emptied first). Returns total bytes. */
export function writeCorpus(dir, pages) {
  rmSync(dir, { recursive: true, force: true });
  let bytes = 0;
  for (const p of pages) {
    const file = join(dir, p.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, p.content);
    bytes += Buffer.byteLength(p.content);
  }
  return bytes;
}
