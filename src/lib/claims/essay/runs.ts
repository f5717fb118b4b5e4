/**
 * Run identity on pages of any layout: a run is named by the nearest label above its result (a heading, a short
 * list item `- Dynamic`, a plain `this PR:` line, a bold line, an admonition title, or the `# label` inside the
 * fence) and sits in the sections of the headings above it (`### Concurrency 16`).
 */
import { stripTags } from '../../model/text.js';
import type { Run } from '../../schemas/run.js';
import type { LinesAbove } from '../../model/lines-above.js';

/** The page's line at a 0-based index (an empty string outside what was taken). */
type LineAt = (index: number) => string;

export interface NamedRun {
  run: Run;
  /** The label as written, or null when nothing names the run. */
  name: string | null;
  /** Lower-case forms the text may use for it (`this pr`, `dynamic fp8`). */
  aliases: string[];
  /** Heading texts above the run, outermost first. */
  scope: string[];
  /** A concurrency read from the scope headings or the label (`Concurrency 16`, `并发 16`, `c=16`). */
  concurrency: number | null;
}

export interface HeadingLine {
  depth: number;
  text: string;
  line: number;
}

const LIST_ITEM = /^(?:[-*+]|\d{1,3}[.)])\s/;
const ADMONITION = /^(?:\?\?\?\+?|!!!) ?[\w-]/;
const GENERIC_TITLE = /result|benchmark|output|log|script|command|serving|launch|deploy|结果|输出|日志|命令/i;
const FENCE = /^(`{3,}|~{3,})/;
const LABEL_MAX = 60;
const CONCURRENCY = /(?:concurrency|并发(?:数)?|max[-_ ]concurrency|\bc|\bbs|batch[ -]size)\s*[=:：]?\s*(\d+)/i;

/** Strip emphasis, code marks, a trailing colon and blanks from a label. */
export function cleanLabel(text: string): string {
  const t = stripTags(text)
    .replace(/\*\*|__|`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return endsWithColon(t) ? t.slice(0, -1).trimEnd() : t;
}

function endsWithColon(text: string): boolean {
  const t = text.trimEnd();
  return t.endsWith(':') || t.endsWith('：');
}

/** Text with every bracketed part removed (`Baseline (main)` -> `Baseline `), by a scan. */
function outsideBrackets(text: string): string {
  let out = '';
  let depth = 0;
  for (const ch of text) {
    if (ch === '(' || ch === '（') depth++;
    else if ((ch === ')' || ch === '）') && depth > 0) depth--;
    else if (depth === 0) out += ch;
  }
  return out;
}

/** A weight format at the end of a model label (`Q4_K_M`, `IQ2_XXS`, `FP8`, `AWQ`, `GGUF`). */
const QUANT = /^(?:i?q\d[\w.-]*|fp(?:4|8|16|32)|bf16|int[48]|w[48]a(?:8|16)|awq|gptq|gguf|mxfp4|nvfp4)$/;

/** A name of one word and one value (`setting 0.25`, `0.25 setting`). */
const WORD_VALUE = /^([a-z][a-z-]{2,30}) (\d+(?:\.\d+)?)$/;
const VALUE_WORD = /^(\d+(?:\.\d+)?) ([a-z][a-z-]{2,30})$/;

/** Names a label may be referred to by: as written, and without filler (`results`, `run`, `结果`). */
export function aliasesOf(name: string): string[] {
  const base = name.toLowerCase();
  const core = base
    .replace(/\b(results?|benchmark|output|run|numbers|branch)\b/g, '')
    .replace(/(结果|输出|数据)/g, '')
    .replace(/[()（）[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const out = new Set([base]);
  if (core.length >= 2) out.add(core);
  // `Baseline (main)`: both the word outside and the one in brackets name it.
  for (const inner of base.matchAll(/[(（]([^)）]{2,30})[)）]/g)) out.add(inner[1].trim());
  const outside = outsideBrackets(base).trim();
  if (outside.length >= 2) out.add(outside);
  // `Qwen3 30B-A3B Q4_K_M`: the model without its trailing weight format, as prose names it.
  const last = base.lastIndexOf(' ');
  if (last >= 4 && QUANT.test(base.slice(last + 1))) out.add(base.slice(0, last).trim());
  // `Setting 0.25` is also `the 0.25 setting`: a word and a value, in either order.
  const pair = WORD_VALUE.exec(base) ?? VALUE_WORD.exec(base);
  if (pair) out.add(`${pair[2]} ${pair[1]}`);
  return [...out].filter((a) => a.length >= 2);
}

/** The label line nearest above a result: what kind of line `text` is, as a label, or null. */
function labelOf(text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  if (/^#{1,6}\s/.test(t)) return cleanLabel(t.replace(/^#{1,6}/, ''));
  if (LIST_ITEM.test(t)) {
    const body = cleanLabel(t.replace(LIST_ITEM, ''));
    return body.length > 0 && body.length <= LABEL_MAX && !/[.。!?]$/.test(body) ? body : null;
  }
  if (t.startsWith('**')) {
    const close = t.indexOf('**', 2);
    const rest = close > 2 ? t.slice(close + 2).trim() : null;
    if (rest === '' || rest === ':' || rest === '：') return cleanLabel(t.slice(2, close));
  }
  const clean = cleanLabel(t);
  if (clean.length === 0 || clean.length > LABEL_MAX) return null;
  if (endsWithColon(t)) return clean;
  // A plain short line (`main`, `this pr`) that is not a sentence.
  if (clean.length <= 30 && !/[.。!?,，;；]$/.test(clean) && clean.split(' ').length <= 4) return clean;
  return null;
}

function concurrencyOf(texts: readonly string[]): number | null {
  for (let i = texts.length - 1; i >= 0; i--) {
    const m = CONCURRENCY.exec(texts[i]);
    if (m) return Number(m[1]);
  }
  return null;
}

/** Heading path (outermost first) in force at a line. */
export function scopeAt(headings: readonly HeadingLine[], line: number): string[] {
  const path: HeadingLine[] = [];
  for (const h of headings) {
    if (h.line >= line) break;
    while (path.length && path[path.length - 1].depth >= h.depth) path.pop();
    path.push(h);
  }
  return path.filter((h) => h.depth >= 2).map((h) => h.text);
}

/** Name every run of a page from its label, else from the lines above its fence (`linesAbove`, taken when the page was read). */
export function nameRuns(above: ReadonlyMap<number, LinesAbove>, runs: readonly Run[], headings: readonly HeadingLine[]): NamedRun[] {
  const linesOf = (fenceLine: number): LineAt => {
    const w = above.get(fenceLine);
    return (i) => (w ? (w.lines[i - (w.first - 1)] ?? '') : '');
  };
  const runFences = new Set(runs.map((r) => r.fenceLine));
  // Fences that print a table of runs, a row each, labelled by the row itself: a row's label names one row; the
  // label above the fence (`### 600W`) names them all. (Runs labelled by a line of their own, `# 第一次`, are not
  // rows: the label above names their section.)
  const perFence = new Map<number, number>();
  for (const r of runs) if (r.labelLine === r.line) perFence.set(r.fenceLine, (perFence.get(r.fenceLine) ?? 0) + 1);
  const aboveOf = new Map<number, string | null>();
  return runs
    .filter((r) => !r.failed && Object.keys(r.metrics).length > 0)
    .map((run) => {
      const scope = scopeAt(headings, run.fenceLine);
      let name = run.label ? cleanLabel(run.label) : null;
      let shared: string | null = null;
      if (!name) name = labelAbove(linesOf(run.fenceLine), run.fenceLine, runFences);
      else if (run.labelLine === run.line && (perFence.get(run.fenceLine) ?? 0) > 1) {
        if (!aboveOf.has(run.fenceLine)) aboveOf.set(run.fenceLine, labelAbove(linesOf(run.fenceLine), run.fenceLine, runFences));
        shared = aboveOf.get(run.fenceLine) ?? null;
      }
      const concurrency = concurrencyOf([...scope, name ?? '']);
      const aliases = name ? aliasesOf(name) : [];
      if (shared) for (const a of aliasesOf(shared)) if (!aliases.includes(a)) aliases.push(a);
      return { run, name, aliases, scope, concurrency };
    });
}

/** Scan up from a result fence to the nearest label; stop at another run's fence. */
function labelAbove(lines: LineAt, fenceLine: number, runFences: ReadonlySet<number>): string | null {
  for (let i = fenceLine - 2; i >= 0; i--) {
    const raw = lines(i);
    const t = raw.trim();
    if (!t) continue;
    if (FENCE.test(t)) {
      // A fence closes above: skip a script fence, stop at another run's.
      let j = i - 1;
      while (j >= 0 && !FENCE.test(lines(j).trim())) j--;
      if (j < 0 || runFences.has(j + 1)) return null;
      i = j;
      continue;
    }
    if (ADMONITION.test(t)) {
      const open = t.indexOf('"');
      const close = t.lastIndexOf('"');
      const title = open >= 0 && close > open ? t.slice(open + 1, close) : '';
      if (title && !GENERIC_TITLE.test(title)) return cleanLabel(title);
      continue;
    }
    const label = labelOf(t);
    if (label) return label;
    if (/^#{1,6}\s/.test(t)) return null;
  }
  return null;
}

/** Where a text mentions a run's name: whole words for Latin names, anywhere for CJK ones. */
export function mentions(text: string, runs: readonly NamedRun[]): Array<{ at: number; end: number; runs: NamedRun[] }> {
  const hits: Array<{ at: number; end: number; alias: string }> = [];
  const lower = text.toLowerCase();
  const aliases = new Set(runs.flatMap((r) => r.aliases));
  const word = (ch: string | undefined) => ch !== undefined && /[\w-]/.test(ch);
  for (const alias of aliases) {
    // Latin names as whole words; CJK names anywhere.
    const latin = word(alias[0]) || word(alias[alias.length - 1]);
    for (let at = lower.indexOf(alias); at >= 0; at = lower.indexOf(alias, at + 1)) {
      const end = at + alias.length;
      if (latin && ((word(alias[0]) && word(lower[at - 1])) || (word(alias[alias.length - 1]) && word(lower[end])))) continue;
      hits.push({ at, end, alias });
    }
  }
  // Longest first; drop hits inside a longer one (`pr` inside `this pr`).
  hits.sort((a, b) => b.end - b.at - (a.end - a.at) || a.at - b.at);
  const kept: typeof hits = [];
  for (const h of hits) if (!kept.some((k) => h.at < k.end && k.at < h.end)) kept.push(h);
  kept.sort((a, b) => a.at - b.at);
  return kept.map((h) => ({ at: h.at, end: h.end, runs: runs.filter((r) => r.aliases.includes(h.alias)) }));
}

/** The words of a label: Latin words and numbers (`low-latency` is `low` and `latency`), lower-case, two letters or more. */
function labelWords(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => w.length >= 2));
}

/**
 * The one run a short label (a table's column header or row label) names by the words that only its name has
 * among the page's runs, when no alias of a run is written in it: `Q: Fast-Start (TP8)` names `Config Q (TP8
 * Fast-Start) raw output` beside `Config P (TP8+EP8 Throughput-Tuned) raw output` (`fast` and `start` are that
 * run's alone; `tp8` is both). Two such words at least (`least`), and none of another run's; else no run.
 */
export function namedByWords(text: string, runs: readonly NamedRun[], least = 2): NamedRun | null {
  const named = runs.filter((r) => r.name);
  if (named.length < 2) return null;
  const words = named.map((r) => labelWords(r.name!));
  const count = new Map<string, number>();
  for (const ws of words) for (const w of ws) count.set(w, (count.get(w) ?? 0) + 1);
  const said = labelWords(text);
  const hits = named.map((_, i) => [...words[i]].filter((w) => count.get(w) === 1 && said.has(w)).length);
  const best = hits.findIndex((h) => h >= least);
  if (best < 0 || hits.some((h, i) => i !== best && h > 0)) return null;
  // The same name on several runs (repeats of one label) is not one run.
  return named.filter((r) => r.name === named[best].name).length === 1 ? named[best] : null;
}
