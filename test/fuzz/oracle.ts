/** The pipeline the CLI runs, timed, and the checks the fuzz properties apply to its output. */
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import type { Report } from '../../src/lib/schemas/report.js';
import { reportSchema } from '../../src/lib/schemas/report.js';

/** Runs per property: small and fixed in CI; `PERFLAB_FUZZ_RUNS=20000` for a long local campaign. */
export const RUNS = Number(process.env.PERFLAB_FUZZ_RUNS) || 0;
/** Seed of every property; `PERFLAB_FUZZ_SEED` replays another one. */
export const SEED = Number(process.env.PERFLAB_FUZZ_SEED) || 13;

/** Generous bound for one page: 2 s for a page under 20 KB, scaled with size above. */
export function timeBoundMs(text: string): number {
  return 2000 * Math.max(1, text.length / 20_000);
}

export interface Checked {
  report: Report;
  ms: number;
}

/** Analyse and check one page as the CLI does; throws only if the pipeline throws. */
export function run(text: string, path = 'fuzz/page.md'): Checked {
  const start = performance.now();
  const [report] = checkAll([analyze(text, path)]);
  return { report, ms: performance.now() - start };
}

/** What a well-behaved pipeline returns for any input: a valid report and no internal error. */
export function problems(checked: Checked, text: string): string[] {
  const out: string[] = [];
  const parsed = reportSchema.safeParse(checked.report);
  if (!parsed.success) out.push(`invalid report: ${parsed.error.message.slice(0, 300)}`);
  for (const m of checked.report.messages) if (/internal-error/.test(m.ruleId)) out.push(`${m.ruleId}: ${m.message}`);
  if (checked.ms > timeBoundMs(text)) out.push(`took ${Math.round(checked.ms)} ms for ${text.length} chars`);
  return out;
}

/** Source lines as the parser counts them (LF, CRLF; the pipeline drops a leading BOM). */
export function sourceLines(text: string): string[] {
  return (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r\n|\n/);
}

/** Result fences (1-based opening lines) that gave neither a run nor an unparsed-fence message. */
export function lostFences(report: Report, fences: readonly number[]): number[] {
  const withRun = new Set(report.runs.map((r) => r.fenceLine));
  const reported = new Set(report.messages.filter((m) => m.ruleId === 'benchmark-unparsed').map((m) => m.line));
  return fences.filter((line) => !withRun.has(line) && !reported.has(line));
}

/**
 * Claims that do not stand on a number: the claim's text must occur at its line and column, its line must hold
 * a digit, and (relation symbols aside) the text itself must hold one.
 */
export function baselessClaims(report: Report, text: string): string[] {
  const lines = sourceLines(text);
  const out: string[] = [];
  for (const c of report.claims) {
    const line = lines[c.line - 1];
    const where = `${c.kind} ${JSON.stringify(c.text)} at ${c.line}:${c.column}`;
    if (line === undefined) out.push(`${where}: no such line`);
    else if (!/\d/.test(line)) out.push(`${where}: line has no digit: ${JSON.stringify(line.slice(0, 120))}`);
    else if (!line.slice(c.column - 1).startsWith(c.text))
      out.push(`${where}: source there is ${JSON.stringify(line.slice(c.column - 1, c.column + 30))}`);
    else if (c.kind !== 'ranking-order' && !/\d/.test(c.text)) out.push(`${where}: claim text has no digit`);
  }
  return out;
}
