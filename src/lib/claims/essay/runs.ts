/**
 * Run identity on pages of any layout: a run is named by the nearest label above its result (a heading, a short
 * list item `- Dynamic`, a plain `this PR:` line, a bold line, an admonition title, or the `# label` inside the
 * fence) and sits in the sections of the headings above it (`### Concurrency 16`).
 */
import type { Run } from '../../schemas/run.js';

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

const LIST_ITEM = /^(?:[-*+]|\d+[.)])\s+(.*)$/;
const ADMONITION = /^(?:\?\?\?\+?|!!!)\s*[\w-]+(?:\s+"([^"]*)")?\s*$/;
const GENERIC_TITLE = /result|benchmark|output|log|script|command|serving|launch|deploy|结果|输出|日志|命令/i;
const FENCE = /^(`{3,}|~{3,})/;
const LABEL_MAX = 60;
const CONCURRENCY = /(?:concurrency|并发(?:数)?|max[-_ ]concurrency|\bc|\bbs|batch[ -]size)\s*[=:：]?\s*(\d+)/i;

/** Strip emphasis, code marks, a trailing colon and blanks from a label. */
export function cleanLabel(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/\*\*|__|`/g, '')
    .replace(/[:：]\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

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
  const outside = base.replace(/[(（][^)）]*[)）]/g, '').trim();
  if (outside.length >= 2) out.add(outside);
  return [...out].filter((a) => a.length >= 2);
}

/** The label line nearest above a result: what kind of line `text` is, as a label, or null. */
function labelOf(text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  const heading = /^#{1,6}\s+(.*)$/.exec(t);
  if (heading) return cleanLabel(heading[1]);
  const item = LIST_ITEM.exec(t);
  if (item) {
    const body = cleanLabel(item[1]);
    return body.length > 0 && body.length <= LABEL_MAX && !/[.。!?]$/.test(body) ? body : null;
  }
  const bold = /^\*\*([^*]+)\*\*\s*[:：]?\s*$/.exec(t);
  if (bold) return cleanLabel(bold[1]);
  const clean = cleanLabel(t);
  if (clean.length === 0 || clean.length > LABEL_MAX) return null;
  if (/[:：]\s*$/.test(t)) return clean;
  // A plain short line (`main`, `this pr`) that is not a sentence.
  if (clean.length <= 30 && !/[.。!?,，;；]$/.test(clean) && !/\s\S+\s\S+\s\S+\s/.test(clean)) return clean;
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

/** Name every run of a page from the source lines around it. */
export function nameRuns(lines: readonly string[], runs: readonly Run[], headings: readonly HeadingLine[]): NamedRun[] {
  const runFences = new Set(runs.map((r) => r.fenceLine));
  return runs
    .filter((r) => !r.failed && Object.keys(r.metrics).length > 0)
    .map((run) => {
      const scope = scopeAt(headings, run.fenceLine);
      let name = run.label ? cleanLabel(run.label) : null;
      if (!name) name = labelAbove(lines, run.fenceLine, runFences);
      const concurrency = concurrencyOf([...scope, name ?? '']);
      return { run, name, aliases: name ? aliasesOf(name) : [], scope, concurrency };
    });
}

/** Scan up from a result fence to the nearest label; stop at another run's fence. */
function labelAbove(lines: readonly string[], fenceLine: number, runFences: ReadonlySet<number>): string | null {
  for (let i = fenceLine - 2; i >= 0; i--) {
    const raw = lines[i] ?? '';
    const t = raw.trim();
    if (!t) continue;
    if (FENCE.test(t)) {
      // A fence closes above: skip a script fence, stop at another run's.
      let j = i - 1;
      while (j >= 0 && !FENCE.test((lines[j] ?? '').trim())) j--;
      if (j < 0 || runFences.has(j + 1)) return null;
      i = j;
      continue;
    }
    const adm = ADMONITION.exec(t);
    if (adm) {
      if (adm[1] && !GENERIC_TITLE.test(adm[1])) return cleanLabel(adm[1]);
      continue;
    }
    const label = labelOf(t);
    if (label) return label;
    if (/^#{1,6}\s/.test(t)) return null;
  }
  return null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a text mentions a run's name: whole words for Latin names, anywhere for CJK ones. */
export function mentions(text: string, runs: readonly NamedRun[]): Array<{ at: number; end: number; runs: NamedRun[] }> {
  const hits: Array<{ at: number; end: number; alias: string }> = [];
  const lower = text.toLowerCase();
  const aliases = new Set(runs.flatMap((r) => r.aliases));
  for (const alias of aliases) {
    const re = new RegExp(/^[\w\s.+=()-]*$/.test(alias) ? `(?<![\\w-])${escape(alias)}(?![\\w-])` : escape(alias), 'g');
    for (const m of lower.matchAll(re)) hits.push({ at: m.index, end: m.index + m[0].length, alias });
  }
  // Longest first; drop hits inside a longer one (`pr` inside `this pr`).
  hits.sort((a, b) => b.end - b.at - (a.end - a.at) || a.at - b.at);
  const kept: typeof hits = [];
  for (const h of hits) if (!kept.some((k) => h.at < k.end && k.at < h.end)) kept.push(h);
  kept.sort((a, b) => a.at - b.at);
  return kept.map((h) => ({ at: h.at, end: h.end, runs: runs.filter((r) => r.aliases.includes(h.alias)) }));
}
