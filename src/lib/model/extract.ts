import { parse as parseYaml } from 'yaml';
import type { Code, Heading as MdHeading, List, Nodes, Paragraph, Root, RootContent, Table } from 'mdast';
import { draft, type Draft } from '../diagnostics.js';
import { parseFence, type RunDraft } from '../formats/index.js';
import { mkdocsSlug } from '../markdown/index.js';
import type { Run, RunContext } from '../schemas/run.js';
import type {
  Command,
  ConclusionRow,
  Engine,
  Experiment,
  Heading,
  Image,
  Link,
  OtherCase,
  SummaryRow,
  TextAt,
  Variant,
} from '../schemas/report.js';
import { canonicalEngine, engineOfTool, parseCommand, parseParameters } from './command.js';
import { bareLabel, children, columnOf, lineOf, plain, sourceOf } from './text.js';

/** A paragraph of prose with where it sits, for the claim extraction. */
export interface ProseBlock {
  node: Paragraph;
  headings: string[];
  /** Experiment the paragraph belongs to, if any. */
  experiment: Experiment | null;
}

/** A table with where it sits, for the claim extraction. */
export interface TableBlock {
  node: Table;
  headings: string[];
  role: 'conclusion' | 'summary' | 'other';
}

/** Everything the walk finds; the report is assembled from it. */
export interface Outline {
  title: TextAt | null;
  headings: Heading[];
  links: Link[];
  images: Image[];
  engines: Engine[];
  modelText: TextAt | null;
  hardwareText: TextAt | null;
  objectiveText: TextAt | null;
  datasets: TextAt[];
  benchmarkCommands: Command[];
  recommendedCommand: Command | null;
  commands: Command[];
  conclusion: ConclusionRow[];
  experiments: Experiment[];
  summary: SummaryRow[];
  otherCases: OtherCase[];
  runs: Run[];
  prose: ProseBlock[];
  tables: TableBlock[];
  /** Benchmark profiles (`##### ShareGPT 8RPS` + a YAML fence) by name, as parsed. */
  profiles: Map<string, Record<string, unknown>>;
  drafts: Draft[];
}

type Side = 'baseline' | 'optimized' | null;

const RESULT_TITLE = /\b(benchmark\s+results?|results?)\b/i;
const SCRIPT_TITLE = /\b(serving\s+(script|command)s?|launch|deploy)/i;
const ERROR_LINE = /^(?:#\s*)?(?:Crash\b|[A-Z]\w*(?:Error|Exception)\b[:(]?)/;
const LABEL_MAX = 60;
/** H2 sections of the report skeletons and essays; any other H2 (engine-baseline pages) is a run section. */
const STANDARD_H2 = /conclusion|setup|objective|result|content|overview|observation|background|reference|summary|introduction|method/i;

/**
 * Walk the tree once in document order, keeping the heading path, the admonition around a node, the last
 * label line, serving command and profile, so that each run and each table knows where it sits.
 */
export function outline(tree: Root, source: string): Outline {
  const out: Outline = {
    title: null,
    headings: [],
    links: [],
    images: [],
    engines: [],
    modelText: null,
    hardwareText: null,
    objectiveText: null,
    datasets: [],
    benchmarkCommands: [],
    recommendedCommand: null,
    commands: [],
    conclusion: [],
    experiments: [],
    summary: [],
    otherCases: [],
    runs: [],
    prose: [],
    tables: [],
    profiles: new Map(),
    drafts: [],
  };
  const path: Array<{ depth: number; text: string }> = [];
  let experiment: Experiment | null = null;
  let variant: Variant | null = null;
  let label: TextAt | null = null;
  let command: Command | null = null;
  let profile: string | null = null;
  let paramsSide: Side = null;
  let otherCase: string | null = null;
  const sideCommands: Record<'baseline' | 'optimized', Command | null> = { baseline: null, optimized: null };

  const h = (depth: number) => path.find((p) => p.depth === depth)?.text ?? '';
  const section = () => h(2).toLowerCase();
  const sub = () => h(3).toLowerCase();
  const inResults = () => /experiment|result/.test(section()) && !/setup/.test(section());
  const inOther = () => /other benchmark cases/.test(sub());
  const inSummary = () => /summary of optimization/.test(sub());

  function onHeading(node: MdHeading) {
    const text = plain(node);
    const line = lineOf(node);
    out.headings.push({ depth: node.depth, text, slug: mkdocsSlug(text), line });
    if (node.depth === 1 && !out.title) out.title = { text, line };
    while (path.length && path[path.length - 1].depth >= node.depth) path.pop();
    path.push({ depth: node.depth, text });
    label = null;
    profile = node.depth <= 3 ? null : profile;
    if (node.depth <= 3) {
      variant = null;
      command = null;
      otherCase = null;
      sideCommands.baseline = sideCommands.optimized = null;
      experiment = null;
      if (node.depth === 3 && inResults() && !inOther() && !inSummary()) {
        const number = /^(\d+)\.\s/.exec(text);
        experiment = {
          heading: text,
          number: number ? Number.parseInt(number[1], 10) : null,
          line,
          anchor: mkdocsSlug(text),
          variants: [],
        };
        out.experiments.push(experiment);
      }
      // Engine-baseline pages: each `## <Model>` section holds its own runs, like an experiment.
      if (node.depth === 2 && !STANDARD_H2.test(text)) {
        experiment = { heading: text, number: null, line, anchor: mkdocsSlug(text), variants: [] };
        out.experiments.push(experiment);
      }
    } else if (node.depth === 5 && /profile/i.test(h(4))) {
      out.datasets.push({ text, line });
    } else if (node.depth === 4) {
      command = null;
      if (inOther()) otherCase = text;
      else if (experiment) variant = addVariant(experiment, text, line);
    }
  }

  function addVariant(exp: Experiment, text: string, line: number): Variant {
    const v: Variant = { label: text, line, engine: canonicalEngine(text), model: null, command: null, runs: [] };
    exp.variants.push(v);
    return v;
  }

  function currentSide(admonition: string | null): Side {
    const t = `${admonition ?? ''}`.toLowerCase();
    if (/baseline/.test(t)) return 'baseline';
    if (/optimi[sz]ed/.test(t)) return 'optimized';
    return paramsSide;
  }

  function onCommand(cmd: Command, admonition: string | null) {
    out.commands.push(cmd);
    const side = currentSide(admonition);
    if (/conclusion/.test(section()) && !out.recommendedCommand) {
      out.recommendedCommand = cmd;
      return;
    }
    if (inOther() && side) {
      sideCommands[side] = cmd;
      return;
    }
    command = cmd;
    if (experiment) {
      if (label && (!variant || variant.label !== label.text || variant.command)) {
        variant = addVariant(experiment, label.text, label.line);
      }
      if (!variant) variant = addVariant(experiment, experiment.heading.replace(/^\d+\.\s*/, ''), cmd.line);
      variant.command = cmd;
      variant.engine = engineOfTool(cmd.tool) ?? variant.engine;
      variant.model = cmd.model ?? variant.model;
    }
  }

  function onRuns(drafts: RunDraft[], admonition: string | null) {
    const side = currentSide(admonition);
    for (const d of drafts) {
      const cmd = inOther() && side ? sideCommands[side] : command;
      const context: RunContext = {
        headings: path.filter((p) => p.depth >= 2).map((p) => p.text),
        admonition,
        variant: variant?.label ?? label?.text ?? null,
        profile: profile ?? (inOther() ? (otherCase ?? d.label) : null),
        side: inOther() ? side : null,
        engine: engineOfTool(cmd?.tool ?? null) ?? variant?.engine ?? canonicalEngine(label?.text ?? '') ?? null,
        model: cmd?.model ?? null,
        commandLine: cmd?.line ?? null,
      };
      const run: Run = { ...d, id: `run-L${d.line}`, context };
      out.runs.push(run);
      if (inOther()) {
        const name = otherCase ?? d.label ?? 'unlabelled';
        let c = out.otherCases.find((x) => x.case === name);
        if (!c) {
          c = { case: name, line: d.labelLine ?? d.line, baseline: [], optimized: [] };
          out.otherCases.push(c);
        }
        if (side === 'optimized') c.optimized.push(run.id);
        else c.baseline.push(run.id);
      } else if (experiment) {
        // Several labelled results under one command are variants of their own (`# fa3`, `# BS=4`).
        let v: Variant | null = variant;
        if (drafts.length > 1 && d.label) {
          v = experiment.variants.find((x) => x.label === d.label) ?? null;
          if (!v && variant && variant.runs.length === 0 && !label) {
            // The variant made for the command before its labelled results: it is the first label's.
            v = variant;
            v.label = d.label;
            v.line = d.labelLine ?? d.line;
          } else if (!v) {
            v = addVariant(experiment, d.label, d.labelLine ?? d.line);
            v.command = command;
            v.engine = engineOfTool(command?.tool ?? null) ?? variant?.engine ?? null;
            v.model = command?.model ?? null;
          }
        }
        if (!v) v = variant = addVariant(experiment, label?.text ?? experiment.heading.replace(/^\d+\.\s*/, ''), d.line);
        v.runs.push(run.id);
        run.context.variant = v.label;
      }
    }
  }

  function onCode(node: Code, admonition: string | null, listItemText: string | null) {
    const lang = node.lang ? `${node.lang}${node.meta ? ` ${node.meta}` : ''}` : null;
    const fenceLine = lineOf(node);
    const column = columnOf(node);
    const value = node.value;
    const isResult = admonition !== null && RESULT_TITLE.test(admonition) && !SCRIPT_TITLE.test(admonition);
    // A fence in a result admonition is a result even under a list item that mentions parameters.
    const isParams = !isResult && listItemText !== null && /parameters/i.test(listItemText);
    if (isParams) {
      paramsSide = /baseline/i.test(listItemText) ? 'baseline' : /optimi[sz]ed/i.test(listItemText) ? 'optimized' : null;
      const cmd = parseParameters(value, fenceLine + 1);
      if (cmd) onCommand(cmd, null);
      return;
    }
    const isYaml = /^(ya?ml|json)$/i.test(node.lang ?? '');
    if (isYaml && /profile/i.test(h(4)) && h(5)) {
      try {
        const data: unknown = parseYaml(value);
        if (data && typeof data === 'object') out.profiles.set(h(5), data as Record<string, unknown>);
      } catch {
        out.drafts.push(draft('profile-invalid', 'warning', { line: fenceLine, column }, `Profile \`${h(5)}\` is not valid YAML`));
      }
    }
    // A YAML or JSON fence is data (profiles), except in a result admonition: there it is read as a result or
    // reported, never skipped without a word.
    const parsed = isYaml && !isResult
      ? { runs: [], messages: [] }
      : parseFence({ value, fenceLine, contentLine: fenceLine + 1, column, lang }, { expectResult: isResult });
    out.drafts.push(...parsed.messages);
    if (parsed.runs.length > 0) {
      onRuns(parsed.runs, admonition);
      return;
    }
    if (isResult || isYaml) return;
    // Not a result: a script. Serving commands, benchmark commands, docker templates.
    if (/setup|method/.test(section()) && /benchmark|open-source replacement/.test(sub())) {
      for (const cmd of logicalCommands(value, fenceLine + 1)) if (cmd.tool && /bench|guidellm/.test(cmd.tool)) out.benchmarkCommands.push(cmd);
      return;
    }
    const cmd = parseCommand(value, fenceLine + 1);
    if (cmd && (cmd.tool || SCRIPT_TITLE.test(admonition ?? ''))) onCommand(cmd, admonition);
  }

  function onParagraph(node: Paragraph, admonition: string | null) {
    const text = plain(node);
    const line = lineOf(node);
    const raw = sourceOf(source, node);
    // A short single plain line before a serving script is a variant label (classic pages).
    if (
      admonition === null &&
      experiment &&
      text.length > 0 &&
      text.length <= LABEL_MAX &&
      !raw.includes('\n') &&
      !/[.:!?]$/.test(text) &&
      !/^(Result|Summary|Note)\b/i.test(text) &&
      !ERROR_LINE.test(text)
    ) {
      label = { text: bareLabel(text), line };
      return;
    }
    if (ERROR_LINE.test(text) && (experiment || inOther()) && !/^Result/i.test(text)) {
      // An engine error written as prose where a result would stand: a failed run, not missing data.
      const column = columnOf(node);
      onRuns(
        [
          {
            line,
            endLine: node.position?.end.line ?? line,
            format: null,
            label: label?.text ?? null,
            labelLine: label?.line ?? null,
            failed: true,
            error: text,
            metrics: {},
            unknown: [],
            fenceLine: line,
            invocation: null,
            fingerprint: `failed:${text.slice(0, 40)}`,
          },
        ],
        admonition,
      );
      void column;
      return;
    }
    const headings = path.filter((p) => p.depth >= 2).map((p) => p.text);
    out.prose.push({ node, headings, experiment });
    collectSetup(node, text, line);
  }

  function collectSetup(node: Nodes, text: string, line: number) {
    const s = sub();
    if (!/setup/.test(section()) && !/objective/.test(section())) return;
    if (/objective/.test(section()) && !out.objectiveText) out.objectiveText = { text, line };
    if (s === 'model' && !out.modelText) out.modelText = { text, line };
    else if (s === 'hardware' && !out.hardwareText) out.hardwareText = { text, line };
    else if (/engine version/.test(s)) {
      const m = engineVersion(text);
      if (m) out.engines.push({ name: canonicalEngine(m.name) ?? m.name.trim(), version: m.version, line });
    } else if (/benchmark dataset/.test(s)) out.datasets.push({ text, line });
    void node;
  }

  function onList(node: List, admonition: string | null, depth: number) {
    for (const item of node.children) {
      let itemText: string | null = null;
      for (const child of item.children) {
        if (child.type === 'paragraph') {
          const text = plain(child);
          itemText = text;
          const prof = /^Profile:\s*(.+)$/i.exec(text);
          if (prof) profile = prof[1].replace(/`/g, '').trim();
          const side = /^(Baseline|Optimi[sz]ed)\s+Backend Parameters/i.exec(text);
          if (side) paramsSide = side[1].toLowerCase().startsWith('b') ? 'baseline' : 'optimized';
          collectSetup(child, text, lineOf(child));
          if (/^Summary:/i.test(text) || /\d/.test(text)) {
            out.prose.push({ node: child, headings: path.filter((p) => p.depth >= 2).map((p) => p.text), experiment });
          }
        } else if (child.type === 'code') onCode(child, admonition, itemText);
        else if (child.type === 'list') onList(child, admonition, depth + 1);
        else visit(child, admonition);
      }
    }
  }

  function onTable(node: Table) {
    const headings = path.filter((p) => p.depth >= 2).map((p) => p.text);
    const header = node.children[0];
    const first = header ? plain(header.children[0] ?? header).toLowerCase() : '';
    const role: TableBlock['role'] = /conclusion/.test(section()) && /benchmark case/.test(first) ? 'conclusion' : inSummary() ? 'summary' : 'other';
    out.tables.push({ node, headings, role });
    const rows = node.children.slice(1);
    if (role === 'conclusion' && out.conclusion.length === 0) {
      for (const row of rows) {
        const [c0, c1, c2] = row.children;
        if (!c0 || !c1 || !c2) continue;
        out.conclusion.push({
          case: bareLabel(plain(c0)),
          line: lineOf(row),
          baseline: { text: plain(c1), line: lineOf(c1), column: columnOf(c1) },
          optimized: { text: plain(c2), line: lineOf(c2), column: columnOf(c2) },
        });
      }
    } else if (role === 'summary') {
      for (const row of rows) out.summary.push({ cells: row.children.map((c) => plain(c)), line: lineOf(row) });
    }
  }

  function visit(node: RootContent, admonition: string | null) {
    switch (node.type) {
      case 'heading':
        onHeading(node);
        collectInline(node);
        return;
      case 'admonition': {
        const title = node.title ?? node.kind;
        for (const child of node.children) visit(child, title);
        return;
      }
      case 'code':
        onCode(node, admonition, null);
        return;
      case 'paragraph':
        collectInline(node);
        onParagraph(node, admonition);
        return;
      case 'list':
        collectInline(node);
        onList(node, admonition, 0);
        return;
      case 'table':
        collectInline(node);
        onTable(node);
        return;
      default:
        collectInline(node);
        for (const child of children(node)) visit(child, admonition);
    }
  }

  function collectInline(node: Nodes) {
    if (node.type === 'link') out.links.push({ url: node.url, text: plain(node), line: lineOf(node), column: columnOf(node) });
    else if (node.type === 'image') out.images.push({ url: node.url, alt: node.alt ?? '', line: lineOf(node), column: columnOf(node) });
    if (node.type === 'list' || node.type === 'admonition') return; // walked by their own handlers
    for (const child of children(node)) if (child.type !== 'list' && child.type !== 'admonition' && child.type !== 'code') collectInline(child);
  }

  try {
    for (const node of tree.children) visit(node, null);
  } catch (error) {
    // Never throw on content: an unexpected shape becomes a message and the page keeps what was read.
    out.drafts.push(
      draft('model-internal-error', 'error', { line: 1, column: 1 }, `Page model extraction stopped: ${String(error)}`),
    );
  }
  return out;
}

/** Every logical command line in a script (continuations joined), each with its own line. */
export function logicalCommands(script: string, firstLine: number): Command[] {
  const lines = script.split('\n');
  const out: Command[] = [];
  let start = -1;
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].trim();
    if (start < 0) {
      if (!t || t.startsWith('#')) continue;
      start = i;
    }
    if (!/\\\s*$/.test(lines[i])) {
      const cmd = parseCommand(lines.slice(start, i + 1).join('\n'), firstLine + start);
      if (cmd) out.push(cmd);
      start = -1;
    }
  }
  if (start >= 0) {
    const cmd = parseCommand(lines.slice(start).join('\n'), firstLine + start);
    if (cmd) out.push(cmd);
  }
  return out;
}

/**
 * `vLLM: v0.11.0` -> name `vLLM`, version `v0.11.0`: the last blank-separated token when it reads as a version,
 * the text before it less its blanks and one trailing `:`. A scan from the end, linear in the line.
 */
function engineVersion(text: string): { name: string; version: string } | null {
  const t = text.trimEnd();
  let sp = t.length - 1;
  while (sp >= 0 && !/\s/.test(t[sp])) sp--;
  if (sp < 1) return null;
  const version = t.slice(sp + 1);
  if (!/^v?\d[\w.+-]*$/.test(version)) return null;
  let name = t.slice(0, sp).trimEnd();
  if (name.endsWith(':')) name = name.slice(0, -1);
  return name ? { name, version } : null;
}
