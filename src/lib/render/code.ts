// Fenced code: shell/YAML/JSON get highlighted; benchmark output stays plain text with one span per line, so
// runs (`run-L84`) and metric lines (`run-L84-m93`) can be linked to and highlighted.
import type { Element, ElementContent } from 'hast';
import type { Code } from 'mdast';
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

/** Line spans for a fence whose first content line is `firstLine`; runs wrap their lines. */
function lines(value: string, firstLine: number, runs: Run[]): ElementContent[] {
  const out: ElementContent[] = [];
  const metricLines = new Map<number, Run>();
  for (const run of runs) for (const m of Object.values(run.metrics)) metricLines.set(m.line, run);
  let group: Element | null = null;
  let groupEnd = 0;
  value.split('\n').forEach((content, i) => {
    const line = firstLine + i;
    if (i > 0) (group ? group.children : out).push(text('\n'));
    const starting = group ? undefined : runs.find((r) => r.line === line);
    if (starting) {
      group = span({ className: ['run', starting.failed ? 'run-failed' : 'run-ok'], id: starting.id, dataLine: line }, []);
      groupEnd = starting.endLine;
      out.push(group);
    }
    const owner = metricLines.get(line);
    const props: Element['properties'] = { className: ['line'], dataLine: line };
    if (owner) props.id = metricAnchor(owner, line);
    (group ? group.children : out).push(span(props, content ? [text(content)] : []));
    if (group && line >= groupEnd) group = null;
  });
  return out;
}

/** The figure for one fence; `runs` are the page's runs whose `fenceLine` is this fence. */
export function renderCode(node: Code, runs: Run[]): Element {
  const lang = language(node.lang);
  const fenceLine = node.position?.start.line ?? 0;
  const hl = runs.length === 0 ? highlighted[lang] : undefined;
  const code: Element = {
    type: 'element',
    tagName: 'code',
    properties: hl ? { className: [`language-${hl}`] } : {},
    children: hl || !fenceLine ? [text(node.value)] : lines(node.value, fenceLine + 1, runs),
  };
  const label = runs.length ? 'benchmark output' : lang || 'text';
  // Search skips a block of benchmark output: its labels are on every page and its numbers are what the stated
  // numbers link to, not what a reader searches for; at N=1000 they were 2/3 of the index and 3/4 of its memory.
  const output = runs.length ? { dataPagefindIgnore: '' } : {};
  return {
    type: 'element',
    tagName: 'figure',
    properties: { className: ['code', runs.length ? 'code-output' : 'code-source'], dataLang: lang || 'text', ...output },
    children: [
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
      { type: 'element', tagName: 'pre', properties: { tabIndex: 0 }, children: [code] },
    ],
  };
}
