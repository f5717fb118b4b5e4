// Fenced code: shell/YAML/JSON get highlighted; benchmark output stays plain text with one span per line, so
// runs (`run-L84`) and metric lines (`run-L84-m93`) can be linked to and highlighted.
import type { Element, ElementContent } from 'hast';
import type { Code } from 'mdast';
import type { Raw } from 'mdast-util-to-hast';
import type { Run } from '../schemas/run.js';

/** Fence info strings we highlight, mapped to the lowlight language. */
const highlighted: Record<string, string> = {
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  console: 'bash',
  yaml: 'yaml',
  yml: 'yaml',
  json: 'json',
};

/** `{text}` (Pandoc) -> `text`. */
function language(lang: string | null | undefined): string {
  return (lang ?? '')
    .replace(/^\{\.?|\}$/g, '')
    .trim()
    .toLowerCase();
}

export function metricAnchor(run: Pick<Run, 'id'>, line: number): string {
  return `${run.id}-m${line}`;
}

function text(value: string): ElementContent {
  return { type: 'text', value };
}

function span(properties: Element['properties'], children: ElementContent[]): Element {
  return { type: 'element', tagName: 'span', properties, children };
}

/**
 * A character reference as `hast-util-to-html` writes one (`&#x3C;`), so that the spans below serialise to the bytes
 * the library gives for the same elements (`test/render/code-lines.test.ts` compares the two on every real page).
 */
const reference = (c: string) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`;
/** Text content: `<` and `&` escaped. */
const escapeText = (value: string) => value.replace(/[<&]/g, reference);
/** A double-quoted attribute value: NUL, quotes, `&` and backtick escaped. */
const escapeAttribute = (value: string) => value.replace(/[\0"&'`]/g, reference);

/** The lines of a block of benchmark output, serialised, and the ids they carry (runs and metric lines). */
export interface OutputLines {
  html: string;
  ids: string[];
}

/**
 * One span per line of a fence whose first content line is `firstLine`, each run's lines wrapped in a span of the
 * run. Written as HTML directly: a block of output is most of a page's elements, and building them as a tree for
 * the serialiser took a third of the time a page took to render. Every value is escaped here; the caller inserts the
 * result as the content of a `code` element it made.
 */
export function outputLines(value: string, firstLine: number, runs: readonly Run[]): OutputLines {
  const startsAt = new Map<number, Run>();
  for (const run of runs) if (!startsAt.has(run.line)) startsAt.set(run.line, run);
  const metricLines = new Map<number, Run>();
  for (const run of runs) for (const m of Object.values(run.metrics)) metricLines.set(m.line, run);
  const ids: string[] = [];
  let html = '';
  let open = false;
  let groupEnd = 0;
  value.split('\n').forEach((content, i) => {
    const line = firstLine + i;
    if (i > 0) html += '\n';
    const starting = open ? undefined : startsAt.get(line);
    if (starting) {
      html += `<span class="run ${starting.failed ? 'run-failed' : 'run-ok'}" id="${escapeAttribute(starting.id)}" data-line="${line}">`;
      ids.push(starting.id);
      open = true;
      groupEnd = starting.endLine;
    }
    const owner = metricLines.get(line);
    const anchor = owner ? metricAnchor(owner, line) : null;
    if (anchor) ids.push(anchor);
    html += `<span class="line" data-line="${line}"${anchor ? ` id="${escapeAttribute(anchor)}"` : ''}>${escapeText(content)}</span>`;
    if (open && line >= groupEnd) {
      html += '</span>';
      open = false;
    }
  });
  if (open) html += '</span>';
  return { html, ids };
}

/**
 * The HTML the renderer writes itself (the lines of benchmark output), as `raw` nodes of the page's tree: which nodes
 * are its own (any other raw node is serialised as text), and the ids their HTML carries.
 */
export interface OwnHtml {
  nodes: Set<Raw>;
  ids: Set<string>;
}

/** The figure for one fence; `runs` are the page's runs whose `fenceLine` is this fence. */
export function renderCode(node: Code, runs: Run[], own: OwnHtml): Element {
  const lang = language(node.lang);
  const fenceLine = node.position?.start.line ?? 0;
  const hl = runs.length === 0 ? highlighted[lang] : undefined;
  let children: ElementContent[] = [text(node.value)];
  if (!hl && fenceLine) {
    const lines = outputLines(node.value, fenceLine + 1, runs);
    const raw: Raw = { type: 'raw', value: lines.html };
    own.nodes.add(raw);
    for (const id of lines.ids) own.ids.add(id);
    children = [raw];
  }
  const code: Element = { type: 'element', tagName: 'code', properties: hl ? { className: [`language-${hl}`] } : {}, children };
  const label = runs.length ? 'benchmark output' : lang || 'text';
  // Search skips a block of benchmark output as printed: its labels are on every page (at N=1000 the blocks were 2/3
  // of the index and 3/4 of its memory). What it indexes of a run is its numbers alone, in one hidden element per run
  // whose title names the run, so a number found only in raw output leads to its run (`#find-run-L84`, which the
  // page turns into the run's own anchor).
  const output = runs.length ? { dataPagefindIgnore: '' } : {};
  const found = runs.map(runIndexEntry).filter((e): e is Element => e !== null);
  return {
    type: 'element',
    tagName: 'figure',
    properties: { className: ['code', runs.length ? 'code-output' : 'code-source'], dataLang: lang || 'text' },
    children: [
      ...found,
      {
        type: 'element',
        tagName: 'figcaption',
        properties: { className: ['code-bar'], dataPagefindIgnore: '' },
        children: [
          span({ className: ['code-lang'] }, [text(label)]),
          {
            type: 'element',
            tagName: 'button',
            properties: { type: 'button', className: ['copy-btn'], hidden: true, ariaLabel: `Copy ${label} to clipboard` },
            children: [text('Copy')],
          },
        ],
      },
      { type: 'element', tagName: 'pre', properties: { tabIndex: 0, ...output }, children: [code] },
    ],
  };
}

/** The metric a run's search result is titled by, when it has it. */
const TITLE_METRICS = ['total_token_throughput', 'output_throughput', 'mean_e2el_ms', 'mean_ttft_ms'];

/**
 * The search entry of one run: a hidden element holding the run's printed numbers, titled by the run's line and its
 * headline metric (the parser's own names and the numbers as printed: no other text of the page). Null without numbers.
 */
function runIndexEntry(run: Run): Element | null {
  const metrics = Object.values(run.metrics).filter((m) => m.value !== null && Number.isFinite(m.value));
  if (metrics.length === 0) return null;
  const named = (name: string) => name.replace(/_ms$/, '').replaceAll('_', ' ');
  const head = TITLE_METRICS.map((n) => metrics.find((m) => m.name === n)).find((m) => m !== undefined) ?? metrics[0];
  const title = `Raw run at line ${run.line}: ${named(head.name)} ${head.text}${head.unit ? ` ${head.unit}` : ''}`;
  return span({ id: `find-${run.id}`, hidden: true, dataFindFor: run.id, dataPagefindTitle: title }, [
    text(metrics.map((m) => `${named(m.name)} ${m.text}`).join(' · ')),
  ]);
}
