// Every finding on every page, with a link to the closest place on the rendered page.
import type { ListedEntry as Entry } from './entry.js';
import type { Severity } from '../schemas/message.js';
import { gradeIcon, gradeLabel, gradeOrder, type ClaimGrade } from './claims.js';
import { pageTitle } from './describe.js';
import { plural } from './format.js';

export interface Finding {
  report: string;
  line: number;
  column: number;
  severity: Severity;
  ruleId: string;
  message: string;
  acknowledged: string | null;
  /** Link to the claim mark, or to the section holding the line. */
  href: string;
  /** The grade of the number at this place, when the finding is about a stated number. */
  grade: ClaimGrade | null;
}

/**
 * A raw line of a page named by a message (`(line 104)`): the metric line a claim reads, else the run holding the
 * line, else the section above it.
 */
export function lineHref(entry: Entry, line: number): string {
  const run = entry.runs.find((r) => line >= r.line && line <= r.endLine);
  if (run && line !== run.line) {
    const metric = entry.claims
      .flatMap((c) => [c.source, ...c.sources])
      .some((s) => s && s.path === entry.path && s.runId === run.id && s.line === line);
    if (metric) return `${entry.site.url}#${run.id}-m${line}`;
  }
  if (run) return `${entry.site.url}#${run.id}`;
  const heading = [...entry.site.headings].reverse().find((h) => h.line <= line && h.depth > 1);
  return heading ? `${entry.site.url}#${heading.slug}` : entry.site.url;
}

/** The claim at this place, else the last heading above the line, else the page. */
export function placeHref(entry: Entry, line: number, column: number): string {
  const claim = entry.claims.find((c) => c.line === line && c.column === column) ?? entry.claims.find((c) => c.line === line);
  if (claim) return `${entry.site.url}#${claim.id}`;
  const run = entry.runs.find((r) => line >= r.line && line <= r.endLine);
  if (run) return `${entry.site.url}#${run.id}`;
  const heading = [...entry.site.headings].reverse().find((h) => h.line <= line && h.depth > 1);
  return heading ? `${entry.site.url}#${heading.slug}` : entry.site.url;
}

const rank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** The rules that grade a stated number, and the grade each gives (the mark on the page shows the same grade). */
const ruleGrade: Partial<Record<string, ClaimGrade>> = {
  'claim-mismatch': 'mismatch',
  'claim-rounding': 'rounding',
  'claim-untraceable': 'untraceable',
};

export function findings(entry: Entry): Finding[] {
  const out: Finding[] = entry.messages.map((m) => ({
    report: entry.slug,
    line: m.line,
    column: m.column,
    severity: m.severity,
    ruleId: m.ruleId,
    message: m.message,
    acknowledged: m.acknowledged?.reason ?? null,
    href: placeHref(entry, m.line, m.column),
    grade: ruleGrade[m.ruleId] ?? null,
  }));
  const places = new Set(out.map((f) => `${f.line}:${f.column}`));
  for (const p of entry.site.problems) {
    if (places.has(`${p.line}:${p.column}`)) continue;
    out.push({
      report: entry.slug,
      line: p.line,
      column: p.column,
      severity: 'warning',
      ruleId: p.ruleId,
      message: p.message,
      acknowledged: null,
      href: placeHref(entry, p.line, p.column),
      grade: null,
    });
  }
  return out.sort((a, b) => rank[a.severity] - rank[b.severity] || a.line - b.line || a.column - b.column);
}

/**
 * What a finding is about, for readers: a stated number, the runs and commands behind the numbers, or the page's
 * structure (links, images, admonitions, tables: hygiene that changes no number).
 */
export type FindingGroup = 'numbers' | 'runs' | 'structure';

export const groupTitle: Record<FindingGroup, string> = {
  numbers: 'Stated numbers',
  runs: 'Runs and commands',
  structure: 'Page structure',
};

/** Rules about how the page is written and linked rather than about what it measures. */
const STRUCTURE = new Set([
  'link-unresolved',
  'anchor-missing',
  'image-missing',
  'toc-mismatch',
  'admonition-empty',
  'admonition-flattened',
  'table-malformed',
  'table-no-blank-line',
  'table-too-large',
  'page-too-large',
  'nesting-too-deep',
  'inline-too-complex',
  'file-name-invalid',
  'route-collision',
  'frontmatter-invalid',
  'acknowledgement-invalid',
  'acknowledgement-unused',
  'site-image-missing',
  'site-link-unpublished',
  'site-search-value',
]);

export function findingGroup(f: Pick<Finding, 'ruleId'>): FindingGroup {
  if (f.ruleId.startsWith('claim-') || f.ruleId === 'site-claim-unplaced') return 'numbers';
  return STRUCTURE.has(f.ruleId) ? 'structure' : 'runs';
}

/** Most severe first: unacknowledged errors, warnings, notes, then acknowledged findings; by line within each. */
export function bySeverity(a: Finding, b: Finding): number {
  const weight = (f: Finding) => (f.acknowledged ? 3 : 0) + rank[f.severity];
  const grade = (f: Finding) => (f.grade ? gradeOrder.indexOf(f.grade) : gradeOrder.length);
  return weight(a) - weight(b) || grade(a) - grade(b) || a.line - b.line || a.column - b.column;
}

/** The findings of a page in groups (numbers, runs, structure), each most severe first; empty groups left out. */
export function groupedFindings(list: readonly Finding[]): Array<{ group: FindingGroup; title: string; findings: Finding[] }> {
  return (Object.keys(groupTitle) as FindingGroup[])
    .map((group) => ({ group, title: groupTitle[group], findings: list.filter((f) => findingGroup(f) === group).sort(bySeverity) }))
    .filter((g) => g.findings.length > 0);
}

/** How a finding is labelled: the grade of its number (`≠ Wrong number`), else its severity in words. */
export function findingLabel(f: Finding): { icon: string; text: string; tone: 'bad' | 'warn' | 'muted' } {
  if (f.acknowledged) return { icon: '!', text: `Acknowledged ${f.severity}`, tone: 'muted' };
  if (f.grade && f.grade !== 'verified')
    return { icon: gradeIcon[f.grade], text: gradeLabel[f.grade], tone: f.severity === 'error' ? 'bad' : 'warn' };
  if (f.severity === 'error') return { icon: '✕', text: 'Error', tone: 'bad' };
  return f.severity === 'warning' ? { icon: '⚠', text: 'Warning', tone: 'warn' } : { icon: 'i', text: 'Note', tone: 'muted' };
}

/** A piece of a finding's message: plain text, a quoted bit of the page (shown as code), or a link to another report. */
export type MessagePart = { text: string } | { code: string } | { text: string; href: string };

/**
 * A message in parts a page can show without raw backticks: `` `x` `` becomes code, a build path of another report
 * (`qwen3-235b-a22b/h100.md`, as the checker names pages) becomes a link with the report's title, and `line 104`
 * links to that line of the page it is on (`current`, the page of the finding, unless it follows another's path).
 */
export function messageParts(message: string, entries: readonly NamedPage[], current?: Entry): MessagePart[] {
  const out: MessagePart[] = [];
  const linkPaths = (text: string) => {
    const pages = pagesNamedIn(text, entries);
    let rest = text;
    while (rest) {
      const hits = pages
        .map((p) => ({ p, at: rest.indexOf(p.path) }))
        .filter((h) => h.at >= 0)
        .sort((a, b) => a.at - b.at);
      const hit = hits[0];
      if (!hit) break;
      // A relative path may be named with a prefix (`../x/a.md`): the link takes the whole path token.
      let start = hit.at;
      while (start > 0 && /[\w./-]/.test(rest[start - 1])) start--;
      if (start > 0) lines(rest.slice(0, start));
      out.push({ text: hit.p.title, href: hit.p.href });
      rest = rest.slice(hit.at + hit.p.path.length);
      // `other.md (line 97)`: the line is the other page's.
      const at = /^ \(line (\d+)\)/.exec(rest);
      if (at) {
        out.push({ text: ' (' }, { text: `line ${at[1]}`, href: lineHref(hit.p.page.entry(), Number(at[1])) }, { text: ')' });
        rest = rest.slice(at[0].length);
      }
    }
    if (rest) lines(rest);
  };
  // `line 104` in a message's own words links to that line of the page, when the caller knows the page.
  const lines = (text: string) => {
    if (!current) return void out.push({ text });
    text.split(/(\bline \d+)/).forEach((piece, i) => {
      if (i % 2 === 1) out.push({ text: piece, href: lineHref(current, Number(piece.slice(5))) });
      else if (piece) out.push({ text: piece });
    });
  };
  message.split(/(`[^`]+`)/).forEach((piece, i) => {
    if (!piece) return;
    if (i % 2 === 1) out.push({ code: piece.slice(1, -1) });
    else linkPaths(piece);
  });
  return out;
}

/**
 * A report a message may name: its paths as the checker writes them (content-relative and project-relative), its
 * address and title, and its data, read only when the message links one of its lines.
 */
export interface NamedPage {
  path: string;
  sourcePath: string;
  url: string;
  title: string;
  entry: () => Entry;
}

/** A report at hand as a page messages may name. */
export const namedPage = (e: Entry): NamedPage => ({
  path: e.path,
  sourcePath: e.site.sourcePath,
  url: e.site.url,
  title: pageTitle(e),
  entry: () => e,
});

interface PageName {
  path: string;
  page: NamedPage;
  href: string;
  title: string;
}

/**
 * The paths of a set of pages, longest first; where each file name occurs in that list; the endings of the names
 * (`.md`) and their lengths, to find the names a text holds without trying every one: built once per set.
 */
interface PageNames {
  sorted: PageName[];
  byName: Map<string, number[]>;
  endings: string[];
  lengths: number[];
  /** Names without a `.`: tried one by one (a page's name normally has one). */
  bare: string[];
}
const pageNames = new WeakMap<readonly NamedPage[], PageNames>();

function namesOf(entries: readonly NamedPage[]): PageNames {
  const sorted = entries
    .flatMap((e) => [e.path, e.sourcePath].map((path) => ({ path, page: e, href: e.url, title: e.title })))
    .sort((a, b) => b.path.length - a.path.length);
  const byName = new Map<string, number[]>();
  sorted.forEach((p, i) => {
    const name = p.path.slice(p.path.lastIndexOf('/') + 1);
    const list = byName.get(name);
    if (list) list.push(i);
    else byName.set(name, [i]);
  });
  const endings = new Set<string>();
  const lengths = new Set<number>();
  const bare: string[] = [];
  for (const name of byName.keys()) {
    const dot = name.lastIndexOf('.');
    if (dot < 0) bare.push(name);
    else {
      endings.add(name.slice(dot));
      lengths.add(name.length);
    }
  }
  return { sorted, byName, endings: [...endings], lengths: [...lengths], bare };
}

/**
 * The pages whose path may occur in `text`, longest path first: only those whose file name does (a path holds its
 * file name). A name ends with its ending, so the text is looked at only where an ending occurs, for a name of each
 * length ending there: the cost is that of the text, not of the number of pages (a site of 10,000 reports made every
 * message try 10,000 names).
 */
function pagesNamedIn(text: string, entries: readonly NamedPage[]): PageName[] {
  let names = pageNames.get(entries);
  if (!names) pageNames.set(entries, (names = namesOf(entries)));
  const found = new Set<string>();
  for (const ending of names.endings)
    for (let i = text.indexOf(ending); i >= 0; i = text.indexOf(ending, i + 1)) {
      const end = i + ending.length;
      for (const n of names.lengths) if (n <= end && names.byName.has(text.slice(end - n, end))) found.add(text.slice(end - n, end));
    }
  for (const name of names.bare) if (text.includes(name)) found.add(name);
  return [...found]
    .flatMap((name) => names.byName.get(name)!)
    .sort((a, b) => a - b)
    .map((i) => names.sorted[i]);
}

/** `1 finding`, `3 findings`, with the unacknowledged errors: `3 findings (1 error)`. */
export function findingCount(list: readonly Finding[]): string {
  const errors = list.filter((f) => f.severity === 'error' && !f.acknowledged).length;
  return `${plural(list.length, 'finding')}${errors ? ` (${plural(errors, 'error')})` : ''}`;
}

/** Anchor id of a report's section on the verification page. */
export function reportAnchor(slug: string): string {
  return slug.replace(/[^\w-]+/g, '-');
}
