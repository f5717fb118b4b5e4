// Every run's setup, read once when the page is read (after the walk, which found the runs, their commands and the
// page's setup sections): what each run was, with the lines each field comes from. Every consumer (checks, site
// views, runs.csv, reports.json) reads this record; none works it out again.
import { sameRun, twinKey } from '../saved-twin.js';
import type { Command, ConclusionRow, Engine, Experiment, Heading, OtherCase, Report, TextAt } from '../../schemas/report.js';
import type { Run, WalkRun } from '../../schemas/run.js';
import type { RunSetup } from '../../schemas/setup.js';
import type { Script } from '../script.js';
import { Facts } from './facts.js';
import { engineId, launchModel, launchOf, parallelOf, precisionOf, versionOf, type Launch } from './launch.js';
import { bareLabelOption, closeness, distinguishing, quoted, quotedRuns, runningFlags } from './role.js';
import {
  flagsInText,
  matchCommand,
  sameLoad,
  matchLengths,
  observed,
  putWorkload,
  statedLengths,
  workloadOfFlags,
  workloadOfName,
  workloadOfProfile,
} from './workload.js';

/** What the setup reads of the page. */
export interface SetupPage {
  kind: Report['kind'];
  model: string | null;
  /** Line of the page's Model section (or null). */
  modelLine: number | null;
  hardware: Report['hardware'];
  hardwareLine: number | null;
  engines: readonly Engine[];
  datasets: readonly TextAt[];
  benchmarkCommands: readonly Command[];
  recommendedCommand: Command | null;
  commands: readonly Command[];
  scripts: readonly Script[];
  profiles: Readonly<Record<string, Record<string, unknown>>>;
  headings: readonly Heading[];
  conclusion: readonly ConclusionRow[];
  experiments: readonly Experiment[];
  otherCases: readonly OtherCase[];
}

const QUANTIZED_HEADING = /\bquanti[sz]\w*|\b(?:fp8|fp4|int8|int4|awq|gptq|w8a8)\b/i;
const TOOL_ENGINES: Record<string, string> = {
  vllm: 'vllm',
  sglang: 'sglang',
  trtllm: 'tensorrt-llm',
  mindie: 'mindie',
  lmdeploy: 'lmdeploy',
};

/** The runs with their setups, in page order. */
export function withSetups(page: SetupPage, runs: readonly WalkRun[]): Omit<Run, 'repeatOf'>[] {
  const byLine = new Map(page.commands.map((c) => [c.line, c]));
  const launches = new Map<string, Launch | null>();
  for (const run of runs) {
    const c = run.context.commandLine === null ? undefined : byLine.get(run.context.commandLine);
    launches.set(run.id, c ? launchOf(c, page.scripts) : null);
  }
  const inExperiment = new Set(page.experiments.flatMap((e) => e.variants.flatMap((v) => v.runs)));
  const compared = runs.filter((r) => r.context.side === null && inExperiment.has(r.id) && !r.failed);
  const baseline =
    quotedFirst(
      page.conclusion.map((r) => r.baseline.text),
      compared,
    ) ??
    compared[0] ??
    null;
  const optimized = adopted(page, compared, launches);
  const cited = quotedRuns(page.conclusion, runs);
  const baseLaunch = baseline ? launches.get(baseline.id) : null;
  const baseFlags = baseLaunch ? runningFlags(baseLaunch.command, baseLaunch.env, null) : [];

  const labelsByFence = new Map<number, string[]>();
  for (const r of runs) if (r.label !== null) labelsByFence.set(r.fenceLine, [...(labelsByFence.get(r.fenceLine) ?? []), r.label]);

  const read = runs.map((run) => {
    const facts = new Facts();
    const side = run.context.side;
    const own = launches.get(run.id) ?? null;
    const recommended = page.recommendedCommand ? launchOf(page.recommendedCommand, page.scripts) : null;
    const launch =
      own ?? (side === 'optimized' ? recommended : side === 'baseline' && baseline ? (launches.get(baseline.id) ?? null) : null);

    // Role first: the launch a run inherits and its flags follow from it.
    let role: RunSetup['role'];
    if (page.kind === 'engine-baseline') role = 'baseline';
    else if (side)
      role = comparedCase(run, page.conclusion, cited) ? (side === 'optimized' ? 'other-optimized' : 'other-baseline') : 'reference';
    else if (baseline && run.id === baseline.id) role = 'baseline';
    else if (optimized && run.id === optimized.id) role = 'optimized';
    else role = inExperiment.has(run.id) ? 'experiment' : 'reference';
    facts.set('role', role, run.line, role === 'optimized' ? page.recommendedCommand?.line : null);

    // Engine: the run's own, else the recommended command's for what follows the engine choice, else the baseline's.
    const tool = launch?.command.tool ?? null;
    facts.set('engine', engineId(run.context.engine) ?? (tool ? (TOOL_ENGINES[tool] ?? null) : null), run.context.commandLine ?? run.line);
    if (side === 'baseline' && baseline) facts.set('engine', engineId(baseline.context.engine), baseline.line);
    const recTool = page.recommendedCommand?.tool;
    if (recTool && TOOL_ENGINES[recTool]) facts.set('engine', TOOL_ENGINES[recTool], page.recommendedCommand!.line);
    if (baseline) facts.set('engine', engineId(baseline.context.engine), baseline.line);
    const named = [...new Set(page.engines.map((e) => engineId(e.name)).filter(Boolean))];
    if (named.length === 1) facts.set('engine', named[0], page.engines[0].line);
    const engine = facts.get('engine');
    if (engine) versionOf(engine, page.engines, launch?.command ?? null, facts);

    // Model: the launch's argument, else an adopted quantized checkpoint the run's heading names, else the page's. A
    // local path whose last segment is the page's model (any case) serves that model: `/workspace/DeepSeek-v3.2`
    // on a DeepSeek-V3.2 page is the page's model, not another.
    const served = launch ? launchModel(launch.command) : null;
    facts.set('model', launch && isLocalPath(launch.command.model) ? asPageModel(served, page.model) : served, launch?.command.line);
    facts.set(
      'model',
      isLocalPath(run.context.model) ? asPageModel(run.context.model, page.model) : run.context.model,
      run.context.commandLine,
    );
    const rec = page.recommendedCommand;
    const recModel = rec ? launchModel(rec) : null;
    if (recModel && (side === 'optimized' || role === 'optimized')) facts.set('model', recModel, rec!.line);
    const heading = run.context.headings.find((h) => QUANTIZED_HEADING.test(h));
    if (heading && recModel && precisionOf(null, recModel) !== 'native') {
      const at = page.headings.find((h) => h.text === heading)?.line;
      facts.set('model', recModel, rec!.line, at);
    }
    facts.set('model', page.model, page.modelLine);
    const model = facts.get('model');

    if (page.hardware?.gpu) facts.set('accelerator', page.hardware.gpu.toUpperCase(), page.hardwareLine);
    if (launch) {
      const { parallelism, devices } = parallelOf(launch);
      facts.set('parallelism', parallelism, launch.command.line);
      facts.set('acceleratorCount', devices, launch.command.line, ...launch.env.map((e) => e.line));
    }
    facts.set('acceleratorCount', page.hardware?.count ?? null, page.hardwareLine);
    facts.set('precision', precisionOf(launch?.command ?? null, model), launch?.command.line ?? page.modelLine);

    workload(page, run, facts);

    // A bare label beside its block's other labels may name the value of the one option the block varies.
    const siblings = labelsByFence.get(run.fenceLine) ?? [];
    const label = (launch && bareLabelOption(run.label, siblings, launch.command.flags)) ?? run.label;
    const flags = launch
      ? distinguishing(
          runningFlags(launch.command, launch.env, label),
          role === 'baseline' ? runningFlags(launch.command, launch.env, label) : baseFlags,
        )
      : null;
    facts.set('flags', flags, launch?.command.line, baseLaunch?.command.line);

    const { status, reason } = statusOf(run, facts.get('numPrompts'));
    return { ...run, setup: facts.setup(status, reason) };
  });
  return withPeerWorkload(read, page.experiments);
}

/** A model argument that is a local path (`/workspace/Model`, `./Model`, `~/models/Model`), not a repository id. */
function isLocalPath(model: string | null | undefined): boolean {
  return !!model && /^['"]?(?:\/|\.{1,2}\/|~)/.test(model);
}

/** The page's model when `served` (a path or its last segment) ends in the page model's own name, any case; else `served`'s last segment. */
function asPageModel(served: string | null, pageModel: string | null): string | null {
  if (!served) return null;
  const last = (id: string) => {
    const trimmed = id.replace(/['"]/g, '').replace(/(?<!\/)\/+$/, '');
    return trimmed.slice(trimmed.lastIndexOf('/') + 1);
  };
  return pageModel && last(served).toLowerCase() === last(pageModel).toLowerCase() ? pageModel : last(served);
}

/** Requests that did not complete, by the metric that counts them: vLLM's failed, guidellm's errored and incomplete. */
const UNFINISHED = [
  ['failed_requests', 'failed'],
  ['errored_requests', 'errored'],
  ['incomplete_requests', 'incomplete'],
] as const;

/**
 * The run's verdict from its own output, with its reason in words: `failed` (no result), `partial` (a count of
 * failed, errored or incomplete requests above 0, or fewer successful requests than it was set to send), else `ok`.
 */
export function statusOf(
  run: Pick<WalkRun, 'failed' | 'error' | 'metrics'>,
  prompts: number | null,
): { status: RunSetup['status']; reason: string | null } {
  if (run.failed) return { status: 'failed', reason: run.error ? `the run failed: ${run.error}` : 'the run failed' };
  const unfinished = UNFINISHED.map(([name, word]) => ({ word, metric: run.metrics[name] })).filter(
    (u) => typeof u.metric?.value === 'number' && u.metric.value > 0,
  );
  if (unfinished.length > 0)
    return {
      status: 'partial',
      reason: `${unfinished.map((u) => `${u.metric!.text} ${u.word}`).join(', ')} requests (line ${unfinished[0].metric!.line})`,
    };
  const ok = run.metrics.successful_requests;
  if (prompts !== null && ok && typeof ok.value === 'number' && ok.value < prompts)
    return { status: 'partial', reason: `${ok.text} of ${prompts} requests succeeded (line ${ok.line})` };
  return { status: 'ok', reason: null };
}

/**
 * Each run with the earlier run of the page that printed the same result, if any (failed runs are each their own),
 * or that is the same run as pasted console output and as a saved result file (`saved-twin.ts`).
 */
export function withRepeats(runs: readonly Omit<Run, 'repeatOf'>[]): Run[] {
  const first = new Map<string, string>();
  const byKey = new Map<string, Array<Omit<Run, 'repeatOf'>>>();
  return runs.map((run) => {
    const key = twinKey(run);
    const twin = (key === null ? [] : (byKey.get(key) ?? [])).find((k) => (run.saved ? sameRun(k, run) : sameRun(run, k)));
    const earlier = run.failed ? undefined : (first.get(run.fingerprint) ?? twin?.id);
    if (!run.failed && earlier === undefined) {
      first.set(run.fingerprint, run.id);
      if (key !== null) {
        const list = byKey.get(key);
        if (list) list.push(run);
        else byKey.set(key, [run]);
      }
    }
    return { ...run, repeatOf: earlier ?? null };
  });
}

const WORKLOAD = ['dataset', 'inputLength', 'outputLength', 'numPrompts', 'maxConcurrency', 'requestRate'] as const;

/**
 * A failed run printed nothing of its workload: it was set up as the other runs of its experiment were, when they
 * all agree (else as every run of the experiments, when those agree); otherwise its workload stays unknown.
 */
function withPeerWorkload<R extends Omit<Run, 'repeatOf'>>(runs: R[], experiments: readonly Experiment[]): R[] {
  const key = (r: R) => JSON.stringify(WORKLOAD.map((f) => r.setup[f]));
  const agreed = (peers: R[]) => (peers.length > 0 && peers.every((p) => key(p) === key(peers[0])) ? peers[0] : null);
  const byId = new Map(runs.map((r) => [r.id, r]));
  const ran = (ids: readonly string[]) => ids.map((id) => byId.get(id)!).filter((r) => r && !r.failed && r.setup.dataset !== null);
  const all = agreed(ran(experiments.flatMap((e) => e.variants.flatMap((v) => v.runs))));
  for (const e of experiments) {
    const ids = e.variants.flatMap((v) => v.runs);
    const peer = agreed(ran(ids)) ?? all;
    if (!peer) continue;
    for (const id of ids) {
      const run = byId.get(id);
      if (!run?.failed || run.setup.dataset !== null) continue;
      for (const f of WORKLOAD) {
        (run.setup as Record<string, unknown>)[f] = peer.setup[f];
        if (peer.setup[f] !== null) run.setup.evidence[f] = [peer.line];
      }
    }
  }
  return runs;
}

/**
 * Whether an "Other Benchmark Cases" run belongs to a case the conclusion compares: a conclusion cell quotes it, or
 * the page has no conclusion table, or its case name states no setting (concurrency, rate) that no row's name states.
 * A case that sets a concurrency or rate no row names (`ShareGPT batch size 4` beside rows without one) is shown
 * but compared with nothing.
 */
function comparedCase(run: WalkRun, rows: readonly ConclusionRow[], cited: ReadonlySet<string>): boolean {
  if (cited.has(run.id) || rows.length === 0) return true;
  const name = run.context.profile ?? run.label;
  if (!name) return true;
  const said = workloadOfName(name, 1);
  if (said.concurrency === null && said.rate === null) return true;
  return rows.some((r) => {
    const w = workloadOfName(r.case, 1);
    return w.concurrency === said.concurrency && w.rate === said.rate;
  });
}

/** The run of the configuration the page adopts. */
function adopted(page: SetupPage, compared: readonly WalkRun[], launches: Map<string, Launch | null>): WalkRun | null {
  const rec = page.recommendedCommand;
  const byNumbers = quotedFirst(
    page.conclusion.map((r) => r.optimized.text),
    compared,
  );
  if (rec) {
    let best: WalkRun | null = null;
    let score = -1;
    for (const run of compared) {
      const s = closeness(launches.get(run.id)?.command ?? null, rec);
      if (s > score) [best, score] = [run, s];
    }
    if (best && score >= 1_000_000) return best;
    return byNumbers ?? (score >= 0 ? best : null);
  }
  return byNumbers;
}

/** The first run that one of the cells quotes, in the cells' order. */
function quotedFirst(cells: readonly string[], runs: readonly WalkRun[]): WalkRun | null {
  for (const text of cells) {
    const run = quoted(text, runs);
    if (run) return run;
  }
  return null;
}

/** The run's workload, from its own lines outwards. */
function workload(page: SetupPage, run: WalkRun, facts: Facts): void {
  const own = [run.invocation, run.label && /--?[A-Za-z]/.test(run.label) ? run.label : null].filter((t): t is string => !!t).join(' ');
  if (own) putWorkload(facts, workloadOfFlags(flagsInText(own), run.labelLine ?? run.line));
  const names = [run.context.profile, run.label, run.context.variant].filter((t): t is string => !!t);
  const profile = profileOf(page, names);
  if (profile) putWorkload(facts, workloadOfProfile(profile.settings, profile.line));
  for (const text of names) putWorkload(facts, workloadOfName(text, run.labelLine ?? run.line));
  const lengths = statedLengths(page.datasets);
  const stated = matchLengths(run, lengths);
  const commands = page.benchmarkCommands.map((c) => workloadOfFlags(c.flags, c.line));
  if (stated) {
    facts.set('inputLength', stated.input, stated.line, run.line);
    facts.set('outputLength', stated.output, stated.line, run.line);
    const random = commands.find((w) => w.input !== null && w.dataset !== null);
    facts.set('dataset', random?.dataset ?? null, random?.line, stated.line);
  }
  const { own: command, partly } = matchCommand(run, page.benchmarkCommands, lengths, facts.get('dataset'));
  const { completed } = observed(run);
  if (command) {
    // A run that completed far fewer requests than the command sends was set up with another count the page does not
    // give, when that count is one a reader sets (a multiple of ten: 100, 200, 500); a count like 514 of 1000 is the
    // command's run with requests lost (`partial`).
    const counted =
      command.prompts === null ||
      completed === null ||
      completed >= command.prompts * 0.9 ||
      (completed < command.prompts && completed % 10 !== 0);
    // At another load than the command's (`Max request concurrency: 1` beside `--max-concurrency 4`), the run took
    // the command's dataset and lengths, and its request count only when it completed exactly that many.
    const load = sameLoad(run, command)
      ? command
      : { ...command, concurrency: null, rate: null, prompts: completed === command.prompts ? command.prompts : null };
    putWorkload(facts, counted ? load : { ...load, prompts: null }, [command.line, run.line]);
  } else if (partly) {
    facts.set('dataset', partly.dataset, partly.line, run.line);
    facts.set('numPrompts', partly.prompts, partly.line, run.line);
  }
}

/** The benchmark profile a run names (`ShareGPT 8RPS`), or the one profile whose settings its case name states (`Rate 8`). */
function profileOf(page: SetupPage, names: readonly string[]): { settings: Record<string, unknown>; line: number } | null {
  const keys = Object.keys(page.profiles);
  const lineOf = (key: string) => page.headings.find((h) => h.text === key)?.line ?? 1;
  for (const name of names) {
    const key = keys.find((k) => sameName(k, name));
    if (key) return { settings: page.profiles[key], line: lineOf(key) };
  }
  for (const name of names) {
    const said = workloadOfName(name, 1);
    if (said.rate === null && said.concurrency === null) continue;
    const hits = keys.filter((k) => {
      const w = workloadOfProfile(page.profiles[k], 1);
      return (said.rate === null || w.rate === said.rate) && (said.concurrency === null || w.concurrency === said.concurrency);
    });
    if (hits.length === 1) return { settings: page.profiles[hits[0]], line: lineOf(hits[0]) };
  }
  return null;
}

/** A profile and a case named alike (`Throughput` and `Throughput Profile`, any case). */
function sameName(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/\bprofile\b/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  return norm(a) === norm(b);
}
