/**
 * `perflab tables PAGE`: the conclusion table and the summary-of-options rows computed from the runs on the
 * page, in the page family's conventions, ready to paste.
 *
 * Which run is the baseline and which the optimized one is read from the page model, never guessed:
 * - a stated conclusion or summary row names its runs through its numbers (each traced to a run by the page's
 *   structure); the row is printed again with every number recomputed from those runs (cells as printed by the
 *   run, improvements `(optimized / baseline - 1) x 100` from the displayed cells, chain steps against the
 *   previous step), keeping the row's labels and decoration;
 * - "Other Benchmark Cases" name their baseline and optimized runs by their admonition titles; a case with no
 *   stated conclusion row is printed as a new row `Total TPS: X<br>Mean TPOT(ms): Y` | `... (+p%)`.
 * What the page does not settle (a number no run supports, a case whose sides are not named) is printed as `?`
 * and listed in the notes.
 */
import type { Claim } from '../schemas/claim.js';
import type { Report } from '../schemas/report.js';
import type { Run } from '../schemas/run.js';
import { formatFixed } from '../numbers/number.js';
import { restate } from '../claims/restate.js';
import { untraceableReason } from '../claims/cite.js';

export interface Tables {
  /** Markdown to paste: the conclusion table, a blank line, the summary table (each only when there is one). */
  markdown: string;
  /** What could not be computed, one sentence each, with the line it concerns. */
  notes: string[];
  /** Numbers of the stated rows that the printed tables change (`line 305:76: stated +27.7%, computed +27.4%`). */
  changes: string[];
}

const GREEN = 'background-color:lightgreen;';
const RED = 'background-color:#fbcaca;';

/** Table lines above `line` (the header and the delimiter row). */
function headerAbove(lines: string[], line: number): string[] {
  const out: string[] = [];
  for (let i = line - 2; i >= 0 && /^\s*\|/.test(lines[i]); i--) out.unshift(lines[i]);
  return out;
}

/** The line with every claim on it recomputed from the runs; untraceable numbers become `?`. */
function recomputeLine(text: string, lineNo: number, claims: Claim[], notes: string[], changes: string[]): string {
  let out = text;
  const onLine = claims.filter((c) => c.line === lineNo).sort((a, b) => b.column - a.column);
  for (const c of onLine) {
    const start = c.column - 1;
    if (out.slice(start, start + c.text.length) !== c.text) {
      notes.push(`line ${lineNo}: \`${c.text}\` is not where the page model put it; left as written`);
      continue;
    }
    let replacement: string;
    // A verified number is what the runs give under the page's rounding (its inputs as displayed, each
    // +/- half a unit): keep it as written rather than a point value that may differ in the last digit.
    if (c.kind === 'ranking-order' || c.verdict === 'verified') continue;
    if (c.recomputed === null) {
      replacement = c.text.replace(/[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?/, '?');
      notes.push(
        c.verdict === 'untraceable'
          ? `line ${lineNo}:${c.column}: ${untraceableReason(c)}; name the run it comes from, or fill it in by hand`
          : `line ${lineNo}:${c.column}: \`${c.text}\` cannot be computed (${c.verdict}); add the run it comes from, or fill it in by hand`,
      );
    } else {
      const r = restate(c.text, c.recomputed, c.stated);
      if ('reason' in r) {
        notes.push(`line ${lineNo}:${c.column}: \`${c.text}\` left as written: ${r.reason}`);
        continue;
      }
      replacement = r.text;
      if (replacement !== c.text)
        changes.push(`line ${lineNo}:${c.column}: stated \`${c.text}\`, computed \`${replacement}\` from ${c.formula ?? 'the runs'}`);
    }
    let before = out.slice(0, start);
    // The family colours a gain green and a loss red: follow the sign of the recomputed improvement.
    if (c.kind === 'improvement' && c.recomputed !== null) {
      const negative = c.recomputed < 0 || Object.is(c.recomputed, -0);
      before = recolour(before, negative ? RED : GREEN);
    }
    out = before + replacement + out.slice(start + c.text.length);
  }
  // Acknowledgements were about the stated numbers; the printed ones are computed, so they do not apply.
  return withoutAcknowledgements(out);
}

function metricText(run: Run | undefined, name: string): string | null {
  const m = run?.metrics[name];
  if (!m || m.value === null) return null;
  return formatFixed(m.value, Math.min(m.decimals, 2));
}

/** The main case's name from what its baseline run was set to (`ShareGPT, concurrency 64`), `?` where it says nothing. */
function caseName(run: Run): string {
  const { dataset, inputLength, outputLength, maxConcurrency } = run.setup;
  const lengths = inputLength !== null ? ` ${inputLength}/${outputLength ?? '?'}` : '';
  const load = maxConcurrency !== null ? `, concurrency ${maxConcurrency}` : '';
  return `${dataset ?? '?'}${lengths}${load}`;
}

/** A conclusion row for an "Other Benchmark Cases" pair, in the family's throughput convention. */
function newRow(name: string, base: Run | undefined, opt: Run | undefined, notes: string[], caseLine: number): string {
  const bt = metricText(base, 'total_token_throughput');
  const ot = metricText(opt, 'total_token_throughput');
  const bp = metricText(base, 'mean_tpot_ms');
  const op = metricText(opt, 'mean_tpot_ms');
  if (!base || !opt)
    notes.push(
      `line ${caseLine}: case "${name}" has no ${!base ? 'baseline' : 'optimized'} run (admonition "Baseline/Optimized benchmark results"); printed as ?`,
    );
  let gain = '?';
  let style = GREEN;
  if (bt && ot) {
    const p = (Number(ot) / Number(bt) - 1) * 100;
    const text = formatFixed(p, 1);
    gain = text.startsWith('-') ? text : `+${text}`;
    if (text.startsWith('-')) style = RED;
  }
  return `| **${name}** | Total TPS: ${bt ?? '?'}<br>Mean TPOT(ms): ${bp ?? '?'} | Total TPS: ${ot ?? '?'} <span style="${style}">(${gain}%)</span><br>Mean TPOT(ms): ${op ?? '?'} |`;
}

/** Compute the tables of one checked page from its source and page model. */
export function computeTables(report: Report, source: string): Tables {
  const lines = source.split('\n');
  const notes: string[] = [];
  const changes: string[] = [];
  const parts: string[] = [];
  if (report.kind !== 'report') {
    return {
      markdown: '',
      notes: [
        `the page is ${report.kind === 'essay' ? 'an essay' : 'an engine-baseline log'}, not an optimization report: it has no conclusion table or summary of options`,
      ],
      changes,
    };
  }
  const runs = new Map(report.runs.map((r) => [r.id, r]));

  // Conclusion table: stated rows recomputed, plus rows for other cases the table does not have yet.
  const conclusion: string[] = [];
  if (report.conclusion.length > 0) {
    conclusion.push(...headerAbove(lines, report.conclusion[0].line));
    for (const row of report.conclusion) conclusion.push(recomputeLine(lines[row.line - 1], row.line, report.claims, notes, changes));
  }
  // An other case is already in the table when a stated row's numbers come from its runs (names differ:
  // `Very Long Prompt` in the table is `random 32K input` below).
  const rowLines = new Set(report.conclusion.map((r) => r.line));
  const tableRuns = new Set(report.claims.filter((c) => rowLines.has(c.line) && c.source).map((c) => c.source!.runId));
  const stated = new Set(report.conclusion.map((r) => r.case.toLowerCase()));
  const extra = report.otherCases.filter(
    (c) => !stated.has(c.case.toLowerCase()) && ![...c.baseline, ...c.optimized].some((id) => tableRuns.has(id)),
  );
  if (extra.length > 0) {
    if (conclusion.length === 0) conclusion.push('| Benchmark Case | baseline | Optimized |', '|---|---|---|');
    for (const c of extra) {
      if (c.baseline.length > 1 || c.optimized.length > 1) {
        notes.push(
          `line ${c.line}: case "${c.case}" has ${c.baseline.length} baseline and ${c.optimized.length} optimized runs; the first of each is used`,
        );
      }
      conclusion.push(newRow(c.case, runs.get(c.baseline[0] ?? ''), runs.get(c.optimized[0] ?? ''), notes, c.line));
    }
  }
  if (report.conclusion.length === 0) {
    // The main case's row from the runs the page model gives the two roles: its baseline (the first run of the
    // experiments) and its adopted configuration (the run launched as the recommended command).
    const base = report.runs.filter((r) => r.setup.role === 'baseline' && !r.failed);
    const adopted = report.runs.filter((r) => r.setup.role === 'optimized' && !r.failed);
    // A latency report states its row in mean latency, which this row does not compute.
    if (base.length === 1 && adopted.length === 1 && report.objective !== 'latency') {
      if (conclusion.length === 0) conclusion.push('| Benchmark Case | baseline | Optimized |', '|---|---|---|');
      conclusion.splice(2, 0, newRow(caseName(base[0]), base[0], adopted[0], notes, base[0].line));
      notes.push(
        `the page has no conclusion row for its main benchmark case: its row is computed from the page's baseline run (line ${base[0].line}, the first run of the experiments) ` +
          `and its adopted run (line ${adopted[0].line}, ${adopted[0].setup.evidence.role ? `its role read from line ${adopted[0].setup.evidence.role.join(', ')}` : 'as the page model reads it'}); check both and name the case`,
      );
    } else
      notes.push(
        `the page has no conclusion row for its main benchmark case, and ${report.objective === 'latency' ? 'its row is stated in mean latency, which is not computed' : 'no one baseline and one adopted run to write it from'}: ` +
          "write the row (`| **Case** | Total TPS: <baseline run><br>Mean TPOT(ms): ... | Total TPS: <optimized run> (+x%)<br>... |`) with the two runs' numbers and run `perflab tables` again",
      );
  }
  if (conclusion.length > 0) parts.push(conclusion.join('\n'));

  // Summary of optimization options: stated rows, each step recomputed from its runs.
  if (report.summary.length > 0) {
    const summary = [...headerAbove(lines, report.summary[0].line)];
    for (const row of report.summary) summary.push(recomputeLine(lines[row.line - 1], row.line, report.claims, notes, changes));
    parts.push(summary.join('\n'));
  } else if (report.experiments.length > 0) {
    notes.push(
      'the page has no "Summary of Optimization Options" rows, so nothing says which variant each step kept: ' +
        `write one row per step (${report.experiments.map((e) => `"${e.heading.replace(/^\d+\.\s*/, '')}"`).join(', ')}) with its improvement and run \`perflab tables\` again`,
    );
  }
  return { markdown: parts.length ? `${parts.join('\n\n')}\n` : '', notes, changes };
}

/** Swap the gain/loss colour of the `<span style="background-color:...;">(` that ends `text`; else `text`. */
function recolour(text: string, colour: string): string {
  let end = text.endsWith('(') ? text.length - 1 : text.length;
  while (end > 0 && /\s/.test(text[end - 1])) end--;
  if (!text.startsWith('">', end - 2)) return text;
  for (const old of ['background-color:lightgreen;', 'background-color:#fbcaca;']) {
    if (text.startsWith(old, end - 2 - old.length)) return text.slice(0, end - 2 - old.length) + colour + text.slice(end - 2);
  }
  return text;
}

/** Remove every `<!-- perflab-ignore ... -->` comment and the blanks before it, in one pass. */
function withoutAcknowledgements(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('<!--', at);
    if (open < 0) break;
    let i = open + 4;
    while (i < text.length && /\s/.test(text[i])) i++;
    const close = text.indexOf('-->', open + 4);
    if (close < 0) break;
    if (!text.startsWith('perflab-ignore', i) || /[\w]/.test(text[i + 14] ?? '')) {
      out += text.slice(at, open + 4);
      at = open + 4;
      continue;
    }
    out += text.slice(at, open).trimEnd();
    at = close + 3;
  }
  return out + text.slice(at);
}
