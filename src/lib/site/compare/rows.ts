// One row per run of every report, with what the explorer filters and plots: model, GPU and count, engine and
// version, precision, parallelism, dataset/profile, concurrency, success rate, the run's verdict, and its metrics
// (each with the anchor of the raw line that prints it). Derived values say how they were derived.
import { canonicalEngine } from '../../model/command.js';
import type { Claim } from '../../schemas/claim.js';
import type { Command, Report } from '../../schemas/report.js';
import type { Metric, Run } from '../../schemas/run.js';
import { pageTitle } from '../describe.js';
import { modelFamily, modelName, runCommand, setupOf } from './setup.js';
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

/** The words of a label or an invocation line (split on blanks; the flags read here take plain values). */
const words = (text: string): string[] => text.split(/\s/).filter(Boolean);

/** The value of `--name value` or `--name=value` among the words of a label or an invocation line. */
function flagText(text: string | null | undefined, name: string): string | null {
  if (!text) return null;
  const ws = words(text);
  for (const [i, w] of ws.entries()) {
    if (w === name) return ws[i + 1] ?? null;
    if (w.startsWith(`${name}=`)) return w.slice(name.length + 1);
  }
  return null;
}

/** `--num-prompts 500`, `--max-concurrency 4` and the like, from a label or an invocation line. */
function flagNumber(text: string | null | undefined, names: string[]): number | null {
  for (const name of names) {
    const v = flagText(text, name);
    if (v !== null && /^\d+$/.test(v)) return Number(v);
  }
  return null;
}

/** `sharegpt` -> `ShareGPT`; `random` with lengths -> `random 1024 in / 1024 out`. */
function datasetFromFlags(text: string | null | undefined): string | null {
  if (!text) return null;
  const name = flagText(text, '--dataset-name');
  if (!name || !/^[\w-]+$/.test(name)) return null;
  if (/^sharegpt$/i.test(name)) return 'ShareGPT';
  const inLen = flagNumber(text, ['--random-input-len']);
  const outLen = flagNumber(text, ['--random-output-len']);
  return inLen !== null && outLen !== null ? `${name} ${inLen} in / ${outLen} out` : name;
}

/** A dataset heading's text without its trailing colon (`ShareGPT:` -> `ShareGPT`). */
const withoutColon = (text: string | undefined): string | undefined => {
  const t = text?.trim();
  return t?.endsWith(':') ? t.slice(0, -1).trim() : t;
};

const cites = (claim: Claim, path: string, runId: string) =>
  [claim.source, ...claim.sources].some((s) => s !== null && s.runId === runId && s.path === path);

/** The run's verdict: failed, flagged (an error on its block or its command), then what the page's numbers say of it. */
function verdictOf(report: ComparedReport, run: Run): { verdict: Verdict; note: string } {
  if (run.failed) return { verdict: 'failed', note: run.error ? `The run failed: ${run.error}` : 'The run failed.' };
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
  const citing = report.claims.filter((c) => cites(c, report.path, run.id));
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

function engineOf(report: ComparedReport, run: Run, command: Command | null): { engine: string | null; version: string | null } {
  const raw = run.context.engine ?? (report.engines.length === 1 ? report.engines[0].name : null);
  const engine = raw ? (canonicalEngine(raw) ?? raw) : null;
  if (!engine) return { engine: null, version: null };
  const stated = report.engines.find((e) => (canonicalEngine(e.name) ?? e.name) === engine);
  // A container tag names the version when the page's list does not (`lmsysorg/sglang:v0.5.1-cu126`).
  const tag = command ? (/:(v\d+(?:\.\d+)+[\w.]*?)(?:-cu\d+)?(?:\s|$)/.exec(command.text)?.[1] ?? null) : null;
  return { engine, version: stated?.version ?? tag };
}

/** Every run of every page, in page order. */
export function compareRows(pages: readonly ComparedPage[]): RunRow[] {
  return pages.flatMap(({ report, url }) =>
    report.runs.map((run): RunRow => {
      const command = runCommand(report, run);
      const setup = setupOf(report, run, command);
      const modelId = run.context.model ?? report.model;
      const model = modelId ? modelName(modelId) : null;
      const { engine, version } = engineOf(report, run, command);
      const { verdict, note } = verdictOf(report, run);
      const profile = run.context.profile ? (report.profiles[run.context.profile] ?? null) : null;
      const flagsText = [run.invocation, run.label].filter(Boolean).join(' ');
      const dataset = run.context.profile ?? datasetFromFlags(flagsText) ?? withoutColon(report.datasets[0]?.text) ?? null;
      const concurrency =
        run.metrics.max_concurrency?.value ??
        flagNumber(flagsText, ['--max-concurrency']) ??
        (() => {
          const m = /\b(?:bs|batch[ _-]?size|concurrency)\s*[=:]?\s*(\d+)\b/i.exec(`${run.label ?? ''} ${run.context.profile ?? ''}`);
          return m ? Number(m[1]) : null;
        })();
      const requested =
        flagNumber(flagsText, ['--num-prompts']) ?? (Number(profile?.total_requests) > 0 ? Number(profile!.total_requests) : null);
      const ok = run.metrics.successful_requests?.value;
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
        gpu: report.hardware?.gpu ?? null,
        gpus: setup.gpus,
        gpusFrom: setup.gpusFrom,
        engine,
        version,
        precision: setup.precision,
        parallelism: setup.parallelism,
        dataset: dataset || null,
        concurrency: typeof concurrency === 'number' && Number.isFinite(concurrency) ? concurrency : null,
        requested,
        successRate,
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
