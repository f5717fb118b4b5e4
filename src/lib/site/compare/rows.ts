// One row per run of every report, with what the explorer filters and plots: model, GPU and count, engine and
// version, precision, parallelism, dataset/profile, concurrency, success rate, the run's verdict, and its metrics
// (each with the anchor of the raw line that prints it). Derived values say how they were derived.
import type { Claim } from '../../schemas/claim.js';
import type { Report } from '../../schemas/report.js';
import type { Metric, Run } from '../../schemas/run.js';
import { pageTitle } from '../describe.js';
import { engineName, modelFamily, modelName, parallelismText, precisionText, workloadText } from './setup.js';
import type { RunRow, RunValue, Verdict } from './types.js';

export type { RunRow, RunValue, Verdict } from './types.js';

export type ComparedReport = Pick<
  Report,
  | 'path'
  | 'slug'
  | 'title'
  | 'model'
  | 'hardware'
  | 'engines'
  | 'datasets'
  | 'benchmarkCommands'
  | 'recommendedCommand'
  | 'commands'
  | 'profiles'
  | 'experiments'
  | 'runs'
  | 'claims'
  | 'messages'
  | 'headings'
>;

/** A report as the explorer reads it: its data and its page URL. */
export interface ComparedPage {
  report: ComparedReport;
  url: string;
}

const anchor = (url: string, id: string) => `${url}#${id}`;

/** The runs a view lists: each run once (a block repeating an earlier run's result is not listed again). */
export function listedRuns<R extends Pick<Run, 'repeatOf'>>(report: { runs: readonly R[] }): R[] {
  return report.runs.filter((r) => r.repeatOf === null);
}

function value(url: string, run: Run, metric: Metric | undefined, unit: string, scale = 1): RunValue | null {
  if (!metric || metric.value === null || !Number.isFinite(metric.value)) return null;
  return { value: metric.value * scale, unit, text: metric.text, href: anchor(url, `${run.id}-m${metric.line}`), derived: null };
}

/** Total token throughput; sglang prints input and output throughput only, so it is their sum there. */
function totalThroughput(url: string, run: Run): RunValue | null {
  const m = run.metrics;
  const direct = value(url, run, m.total_token_throughput, 'tok/s');
  if (direct) return direct;
  const input = m.input_token_throughput?.value;
  const output = m.output_token_throughput?.value;
  if (typeof input !== 'number' || typeof output !== 'number') return null;
  const sum = input + output;
  return {
    value: sum,
    unit: 'tok/s',
    text: sum.toFixed(Math.max(m.input_token_throughput!.decimals, m.output_token_throughput!.decimals)),
    href: anchor(url, run.id),
    derived: `input ${m.input_token_throughput!.text} + output ${m.output_token_throughput!.text} tok/s`,
  };
}

/** Mean end-to-end request latency in seconds: printed by sglang (ms) and guidellm (s); vLLM's from TTFT and TPOT. */
function e2e(url: string, run: Run): RunValue | null {
  const m = run.metrics;
  const printed = value(url, run, m.mean_latency_s, 's') ?? value(url, run, m.mean_e2e_latency_ms, 's', 1 / 1000);
  if (printed) return printed;
  const ttft = m.mean_ttft_ms?.value;
  const tpot = m.mean_tpot_ms?.value;
  const out = m.total_output_tokens?.value;
  const n = m.successful_requests?.value;
  if (typeof ttft !== 'number' || typeof tpot !== 'number' || typeof out !== 'number' || typeof n !== 'number' || n <= 0) return null;
  const s = (ttft + tpot * (out / n - 1)) / 1000;
  return {
    value: s,
    unit: 's',
    text: s.toFixed(2),
    href: anchor(url, run.id),
    derived: `(TTFT ${m.mean_ttft_ms!.text} + TPOT ${m.mean_tpot_ms!.text} x (${m.total_output_tokens!.text} / ${m.successful_requests!.text} - 1)) / 1000`,
  };
}

const cites = (claim: Claim, path: string, runIds: ReadonlySet<string>) =>
  [claim.source, ...claim.sources].some((s) => s !== null && runIds.has(s.runId) && s.path === path);

/**
 * Why a run that ran is partial, or null: its setup's status (`partial`: fewer requests succeeded than it was set to
 * send, or unfinished requests printed), or the page's own success rate for it below 100 %.
 */
export function partialReason(
  report: Pick<ComparedReport, 'claims' | 'path'>,
  run: Pick<Run, 'setup'>,
  ids: ReadonlySet<string>,
): string | null {
  if (run.setup.status === 'partial') return `Partial: ${run.setup.statusReason ?? 'fewer requests succeeded than were sent'}.`;
  const rate = report.claims.find((c) => c.kind === 'success-rate' && c.stated !== null && c.stated < 100 && cites(c, report.path, ids));
  return rate ? `Partial: the page states a success rate of ${rate.text} for this run (line ${rate.line}).` : null;
}

/** The ids of a run's places on its page: its own and those of the blocks that show it again. */
const placesOf = (report: { runs: readonly Pick<Run, 'id' | 'repeatOf'>[] }, run: Pick<Run, 'id'>) =>
  new Set([run.id, ...report.runs.filter((r) => r.repeatOf === run.id).map((r) => r.id)]);

/**
 * A run that is never a view's best, with its reason: `failed` (no result) or `partial` (`partialReason`); null for
 * a run that completed. The explorer, /engines/, the techniques and the charts read this one judgement.
 */
export function incompleteRun(
  report: Pick<ComparedReport, 'claims' | 'path'> & { runs: readonly Pick<Run, 'id' | 'repeatOf'>[] },
  run: Pick<Run, 'id' | 'failed' | 'error' | 'setup'>,
): { verdict: 'failed' | 'partial'; note: string } | null {
  if (run.failed) return { verdict: 'failed', note: run.error ? `The run failed: ${run.error}` : 'The run failed.' };
  const partial = partialReason(report, run, placesOf(report, run));
  return partial ? { verdict: 'partial', note: partial } : null;
}

/**
 * The run's verdict: failed, partial (not every request succeeded), flagged (an error on its block or its command),
 * then what the page's numbers say of it.
 */
function verdictOf(report: ComparedReport, run: Run): { verdict: Verdict; note: string } {
  const incomplete = incompleteRun(report, run);
  if (incomplete) return incomplete;
  // A claim that quotes the run at one of its other places cites the run.
  const ids = placesOf(report, run);
  const onRun = report.messages.filter(
    (m) =>
      m.severity === 'error' &&
      !m.ruleId.startsWith('claim-') &&
      ((m.line >= run.line && m.line <= run.endLine) || (run.context.commandLine !== null && m.line === run.context.commandLine)),
  );
  if (onRun.length > 0) {
    const rules = [...new Set(onRun.map((m) => m.ruleId))].join(', ');
    return { verdict: 'flagged', note: `Flagged on the run or its command (line ${onRun[0].line}): ${rules}.` };
  }
  const citing = report.claims.filter((c) => cites(c, report.path, ids));
  const verified = citing.filter((c) => c.verdict === 'verified').length;
  if (verified > 0)
    return { verdict: 'verified', note: `${verified} stated number${verified === 1 ? '' : 's'} on the page verified against this run.` };
  const mismatched = citing.filter((c) => c.verdict === 'mismatch').length;
  if (mismatched > 0)
    return {
      verdict: 'contradicted',
      note: `The page states ${mismatched} number${mismatched === 1 ? '' : 's'} from this run that do not match it.`,
    };
  return { verdict: 'uncited', note: 'No stated number on the page cites this run.' };
}

/**
 * Every run of every page, in page order, once: a block that shows an earlier run again is that run's second place,
 * not a row of its own. Its setup is the page model's (`run.setup`), shown as the explorer shows it.
 */
export function compareRows(pages: Iterable<ComparedPage>): RunRow[] {
  const rows: RunRow[] = [];
  // One page at a time: `pages` may read each report as the loop reaches it.
  for (const { report, url } of pages) {
    rows.push(
      ...listedRuns(report).map((run): RunRow => {
        const s = run.setup;
        const model = s.model ? modelName(s.model) : null;
        const { verdict, note } = verdictOf(report, run);
        const ok = run.metrics.successful_requests?.value;
        const requested = s.numPrompts;
        const successRate = typeof ok === 'number' && requested && ok <= requested ? Math.round((ok / requested) * 10000) / 100 : null;
        return {
          key: `${report.slug}#${run.id}`,
          report: report.slug,
          title: pageTitle(report),
          url,
          run: run.id,
          line: run.line,
          href: anchor(url, run.id),
          setting: run.context.variant ?? run.label ?? ([run.context.profile, run.context.side].filter(Boolean).join(', ') || null),
          format: run.format,
          failed: run.failed,
          error: run.error,
          family: model ? modelFamily(model) : null,
          model,
          gpu: s.accelerator,
          gpus: s.acceleratorCount,
          gpusFrom: s.acceleratorCount === null ? null : s.parallelism !== null ? 'command' : 'hardware',
          engine: engineName(s.engine),
          version: s.engineVersion,
          precision: precisionText(s.precision),
          parallelism: parallelismText(s.parallelism),
          dataset: workloadText(s),
          concurrency: s.maxConcurrency,
          rate: s.requestRate,
          requested,
          successRate,
          role: s.role,
          flags: s.flags ?? [],
          verdict,
          verdictNote: note,
          values: {
            total: totalThroughput(url, run),
            output: value(url, run, run.metrics.output_token_throughput, 'tok/s'),
            tpot: value(url, run, run.metrics.mean_tpot_ms, 'ms'),
            ttft: value(url, run, run.metrics.mean_ttft_ms, 'ms'),
            e2e: e2e(url, run),
          },
        };
      }),
    );
  }
  return rows;
}
