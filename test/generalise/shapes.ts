/**
 * Page shapes of issue 26, for the generalisation harness: a sentence restating a run's value in prose (true, or
 * a few percent off), an unrelated row added to the summary chain, and a table made malformed (delimiter row
 * deleted, one `|` of a row missing). Built from the page's structure and its runs, never from its names.
 */
import type { Base } from './base.js';
import type { FaultMaker } from './faults.js';
import { conclusionTable, outline, resultFences, summaryTable } from './structure.js';

/** The kinds of this file (their seeds are drawn apart from the older kinds', which keep their samples). */
export const LATER: ReadonlySet<string> = new Set([
  'prose restates a run',
  'summary unrelated row',
  'prose value wrong',
  'table delimiter removed',
  'table row pipe missing',
]);

const unique = (lines: readonly string[], l: string) => lines.indexOf(l) === lines.lastIndexOf(l);

/**
 * The first labelled run whose label names only it on the page, with its mean TTFT: the sentence
 * `<label> reaches a mean TTFT of <value> ms.` goes after the run's result fence.
 */
function proseSpot(b: Base): { at: number; label: string; text: string; value: number } | null {
  const o = outline(b.text);
  const fences = resultFences(o);
  const labels = b.report.runs.map((r) => r.label?.trim() ?? '');
  for (const run of b.report.runs) {
    const label = run.label?.trim();
    const m = run.metrics.mean_ttft_ms;
    if (!label || !/^[A-Za-z][\w .+-]{1,30}$/.test(label) || labels.filter((l) => l === label).length !== 1) continue;
    if (!m || m.value === null || !/^\d+\.\d{2}$/.test(m.text)) continue;
    const fence = fences.find((f) => f.open < run.line && run.line <= f.close + 1);
    if (!fence) continue;
    return { at: fence.close + 1, label, text: m.text, value: m.value };
  }
  return null;
}

function withSentence(b: Base, at: number, sentence: string): string {
  const lines = b.text.split('\n');
  lines.splice(at, 0, '', sentence, '');
  return lines.join('\n');
}

/** A true sentence restating a run's mean TTFT (variant: no new error). */
export function proseRestatesRun(b: Base): string | null {
  const s = proseSpot(b);
  return s ? withSentence(b, s.at, `${s.label} reaches a mean TTFT of ${s.text} ms.`) : null;
}

/** The same sentence with the value 5 % off (fault: a finding at the sentence). */
export const proseValueWrong: FaultMaker = (b) => {
  const s = proseSpot(b);
  if (!s) return null;
  const wrong = (s.value * 1.05).toFixed(2);
  const sentence = `${s.label} reaches a mean TTFT of ${wrong} ms.`;
  const text = withSentence(b, s.at, sentence);
  if (!unique(text.split('\n'), sentence)) return null;
  return { text, places: [{ anchor: sentence, before: 0, after: 0 }], note: `prose mean TTFT of ${s.label}: ${s.text} -> ${wrong}` };
};

/** A row for an option the page never ran, added in the middle of a two-column summary chain (variant). */
export function summaryUnrelatedRow(b: Base): string | null {
  const o = outline(b.text);
  const t = summaryTable(o);
  if (!t || /^#{2,4}\s.*prefix/im.test(b.text)) return null;
  if ((o.lines[t.start].match(/\|/g) ?? []).length !== 3 || t.end - t.start < 3) return null;
  const lines = [...o.lines];
  const at = t.start + 2 + Math.floor((t.end - t.start - 2) / 2);
  lines.splice(at, 0, '| Prefix Caching | <span style="background-color:lightgreen;">+7.9%</span> |');
  return lines.join('\n');
}

/** The conclusion table's delimiter row deleted (fault: `table-malformed` at the header). */
export const delimiterRemoved: FaultMaker = (b) => {
  const o = outline(b.text);
  const t = conclusionTable(o);
  if (!t || !unique(o.lines, o.lines[t.start])) return null;
  const lines = [...o.lines];
  lines.splice(t.start + 1, 1);
  return { text: lines.join('\n'), places: [{ anchor: o.lines[t.start], before: 0, after: 0 }], note: 'conclusion delimiter row deleted' };
};

/** One inner `|` of a conclusion body row deleted (fault: a finding on the row, and no mismatch blamed elsewhere). */
export const rowPipeMissing: FaultMaker = (b, rng) => {
  const o = outline(b.text);
  const t = conclusionTable(o);
  if (!t) return null;
  for (const i of rng.shuffle([...Array(t.end - t.start - 2).keys()].map((k) => t.start + 2 + k))) {
    const row = o.lines[i];
    const pipes = [...row.matchAll(/\|/g)].map((m) => m.index);
    // Inner pipes only: the first and last are optional in a pipe table.
    const inner = pipes.slice(1, -1);
    if (inner.length === 0) continue;
    const p = rng.pick(inner);
    const next = `${row.slice(0, p)} ${row.slice(p + 1)}`;
    const lines = [...o.lines];
    lines[i] = next;
    if (!unique(lines, next)) continue;
    return {
      text: lines.join('\n'),
      places: [{ anchor: next, before: 0, after: 0 }],
      note: `one \`|\` of the conclusion row at line ${i + 1} deleted`,
    };
  }
  return null;
};
