import type { Report } from '../schemas/report.js';
import { slugOf } from '../route.js';
import { parseHardware } from './hardware.js';
import { withRepeats, withSetups } from './setup/index.js';
import { launchOf, parallelOf } from './setup/launch.js';
import type { Found } from './walk/state.js';

/**
 * Assemble the page model from what the walk found. Front matter fields (`title`, `model`, `gpu`, `gpus`,
 * `objective`, `kind`) override what the page says.
 */
export function assemble(path: string, found: Found, frontmatter: Record<string, unknown>): Omit<Report, 'claims' | 'messages'> {
  const title = str(frontmatter.title) ?? found.title?.text ?? null;
  const kind = pageKind(found, title, str(frontmatter.kind));
  const hardware = hardwareOf(found, title, frontmatter);
  const model = str(frontmatter.model) ?? modelOf(found, title);
  const engines = found.engines.length > 0 ? found.engines : enginesFromTitle(found);
  const profiles = Object.fromEntries(found.profiles);
  const runs = withRepeats(
    withSetups(
      {
        ...found,
        kind,
        model,
        modelLine: found.modelText?.line ?? null,
        hardware,
        hardwareLine: found.hardwareText?.line ?? null,
        engines,
        profiles,
      },
      found.runs,
    ),
  );
  return {
    path,
    slug: slugOf(path),
    kind,
    title,
    model,
    hardware,
    objective: objectiveOf(found, title, str(frontmatter.objective)),
    engines,
    datasets: found.datasets,
    benchmarkCommands: found.benchmarkCommands,
    recommendedCommand: found.recommendedCommand,
    commands: found.commands,
    profiles,
    conclusion: found.conclusion,
    experiments: found.experiments,
    summary: found.summary,
    otherCases: found.otherCases,
    runs,
    links: found.links,
    images: found.images,
    savedFiles: found.savedFiles,
    headings: found.headings,
    frontmatter,
  };
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

function pageKind(found: Found, title: string | null, override: string | null): Report['kind'] {
  if (override === 'report' || override === 'engine-baseline' || override === 'essay') return override;
  const h2 = found.headings.filter((h) => h.depth === 2).map((h) => h.text.toLowerCase());
  if (/^optimi[sz]ing\b/i.test(title ?? '') || (h2.includes('conclusion') && h2.some((t) => /experiment/.test(t)))) return 'report';
  if (found.runs.length > 0) return 'engine-baseline';
  return 'essay';
}

/** `### Model` text, completed to a full id (`Qwen/Qwen3-14B`) from a command when the section is short. */
function modelOf(found: Found, title: string | null): string | null {
  const stated =
    found.modelText?.text
      .replace(/^[-*]\s*/, '')
      .replace(/[`.]$/g, '')
      .replace(/`/g, '')
      .trim() ?? null;
  const ids = [...found.benchmarkCommands, ...found.commands].map((c) => c.model).filter((m): m is string => !!m);
  if (stated) {
    if (stated.includes('/')) return stated;
    const full = ids.find((id) => id.toLowerCase().endsWith(`/${stated.toLowerCase()}`));
    return full ?? stated;
  }
  const fromTitle = modelInTitle(title ?? '');
  if (fromTitle) return ids.find((id) => id.toLowerCase().endsWith(`/${fromTitle.toLowerCase()}`)) ?? fromTitle;
  return null;
}

function hardwareOf(found: Found, title: string | null, fm: Record<string, unknown>): Report['hardware'] {
  const stated = found.hardwareText ? parseHardware(found.hardwareText.text) : null;
  const fromTitle = title ? parseHardware(afterOn(title)) : null;
  const hw = stated ?? (fromTitle?.gpu ? fromTitle : null);
  const gpu = str(fm.gpu) ?? hw?.gpu ?? null;
  let count = typeof fm.gpus === 'number' ? fm.gpus : (hw?.count ?? null);
  if (count === null && found.recommendedCommand) {
    // The devices the run model gives the recommended launch (`parallelOf`: data-parallel attention shares the TP
    // group's devices), so the page's count and its adopted run's never differ (TP 8 x DP 8 attention is 8, not 64).
    const { devices } = parallelOf(launchOf(found.recommendedCommand, found.scripts));
    if (devices > 1) count = devices;
  }
  if (!gpu && count === null && !hw) return null;
  return { gpu, count, text: hw?.text ?? str(fm.gpu) ?? '' };
}

function objectiveOf(found: Found, title: string | null, override: string | null): Report['objective'] {
  const pick = (s: string): Report['objective'] => (/latency/i.test(s) ? 'latency' : /throughput/i.test(s) ? 'throughput' : null);
  return (override ? pick(override) : null) ?? pick(title ?? '') ?? (found.objectiveText ? pick(found.objectiveText.text) : null);
}

/** An engine-baseline page names its engine in the title (`# SGLang v0.5.1`). */
function enginesFromTitle(found: Found): Report['engines'] {
  const m = /^(vLLM|SGLang|TensorRT-LLM|MindIE|LMDeploy)\s+(v?\d[\w.+-]*)/i.exec(found.title?.text ?? '');
  return m && found.title ? [{ name: m[1], version: m[2], line: found.title.line }] : [];
}

/** `Optimizing <Model> Throughput|Latency ...` -> `<Model>`; a linear scan (no lazy group between blanks). */
function modelInTitle(title: string): string | undefined {
  const head = /^Optimi[sz]ing\s/i.exec(title);
  if (!head) return undefined;
  const rest = title.slice(head[0].length).trimStart();
  const end = /\s(?:Throughput|Latency)\b/i.exec(rest.slice(1));
  if (!end) return undefined;
  const model = rest.slice(0, end.index + 1).trimEnd();
  return model || undefined;
}

/** The text after the first word `on` of a title (`... on NVIDIA H100 GPUs` -> `NVIDIA H100 GPUs`); `''` if none. */
function afterOn(title: string): string {
  const on = /\bon\s/i.exec(title);
  return on ? title.slice(on.index + 2).trimStart() : '';
}
