/**
 * The runs of a saved result file: each object a format recognises is one run, its metrics the keys the format
 * maps, each at full precision with its JSON pointer, its setup the keys that state it (written as the flags of
 * the tool's command line, which the run model reads as it reads a console run's invocation). An object no
 * format recognises, a value that is not one of its key's kind, and a file that is not JSON are problems, kept.
 */
import { fingerprint } from '../fingerprint.js';
import type { RunDraft } from '../types.js';
import type { Metric } from '../../schemas/metric.js';
import type { SavedRef } from '../../schemas/run.js';
import { nodeAt, pointer, readJson, readJsonLines, type JsonNode, type JsonRead, type JsonValue } from '../../saved/json.js';
import { metric, type MetricDef } from '../spec.js';
import { SAVED_COUNTED, savedFormatOf } from './registry.js';
import type { SavedFormatSpec, SavedLayout } from './spec.js';
import { readLabelledText } from './text.js';

/** Where the page links to the file. */
export interface LinkAt {
  url: string;
  line: number;
  column: number;
}

export interface SavedProblem {
  kind: 'malformed' | 'unknown';
  /** 1-based line and column in the file. */
  line: number;
  column: number;
  pointer: string;
  detail: string;
}

export interface SavedRun {
  draft: RunDraft & { saved: SavedRef };
  /** The model and the engine the file states for the run, or null. */
  model: string | null;
  backend: string | null;
}

export interface SavedRuns {
  runs: SavedRun[];
  /** The formats of the file's runs, in the order first met. */
  formats: string[];
  problems: SavedProblem[];
}

/** A statistic's key in an object of statistics (`avg`, `p99`, `p99.9`, `min`, `max`, `std`). */
const STAT_KEY = /^(?:avg|min|max|std|p\d+(?:\.\d+)?)$/;

/** Digits after the point a saved number states (`1249.9517` -> 4, `256.0` -> 1, `5e-05` -> 5). */
export function savedDecimals(text: string): number {
  const m = /^-?\d*(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return 0;
  return Math.max(0, (m[1]?.length ?? 0) - Number(m[2] ?? 0));
}

/** The plain values of an object, by key (what labels and setup read). */
function valuesOf(node: JsonNode & { kind: 'object' }): Map<string, JsonValue> {
  const out = new Map<string, JsonValue>();
  for (const [key, v] of node.members) if (v.kind === 'value') out.set(key, v.value);
  return out;
}

const text = (v: JsonValue | undefined): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** One object of a format: its run, or the problems of its values. */
function runOf(
  spec: SavedFormatSpec,
  node: JsonNode & { kind: 'object' },
  root: JsonNode,
  path: ReadonlyArray<string | number>,
  file: string,
  link: LinkAt,
  problems: SavedProblem[],
): SavedRun {
  const values = valuesOf(node);
  const metrics: Record<string, Metric> = {};
  const unknown: RunDraft['unknown'] = [];
  const flags: string[] = [];
  let pathModel: string | null = null;
  const put = (def: MetricDef, v: JsonNode & { kind: 'value' }, at: string, key: string): void => {
    // An unthrottled request rate saved as text (`"inf"`) is the number it names.
    const infinite = typeof v.value === 'string' && /^[+-]?inf(?:inity)?$/i.test(v.value.trim());
    const read = infinite ? ((v.value as string).trim().startsWith('-') ? -Infinity : Infinity) : v.value;
    const numeric = typeof read === 'number';
    if (def.kind === 'number' && !numeric && v.value !== null) {
      problems.push({
        kind: 'malformed',
        line: v.line,
        column: v.column,
        pointer: at,
        detail: `\`${key}\` is ${typeof v.value}, not a number`,
      });
      return;
    }
    if (metrics[def.name]) return;
    metrics[def.name] = {
      name: def.name,
      label: `${file}#${at}`,
      value: numeric && !Number.isNaN(read) ? read : null,
      text: typeof v.value === 'string' ? v.value : v.text,
      unit: def.unit,
      decimals: numeric ? savedDecimals(v.text) : 0,
      line: link.line,
      column: link.column,
      pointer: at,
    };
  };
  for (const [key, v] of node.members) {
    const at = pointer([...path, key]);
    const quantity = v.kind === 'object' ? (spec.statistics?.(key) ?? null) : null;
    if (quantity && v.kind === 'object') {
      for (const [stat, s] of v.members) {
        if (s.kind !== 'value' || stat === 'unit' || !STAT_KEY.test(stat)) continue;
        const name =
          stat === 'avg' && quantity.single ? quantity.name : `${stat === 'avg' ? 'mean' : stat.replace('.', '_')}_${quantity.name}`;
        put(metric(name, quantity.unit), s, pointer([...path, key, stat]), `${key}.${stat}`);
      }
      continue;
    }
    const flag = spec.flags[key];
    if (flag && v.kind === 'value' && v.value !== null && v.value !== '') flags.push(`${flag} ${String(v.value)}`);
    const def = spec.keys[key] ?? spec.pattern?.(key) ?? null;
    if (!def) {
      if (v.kind === 'value' && typeof v.value === 'number' && !spec.ignored.has(key) && !spec.flags[key] && !spec.model.includes(key))
        unknown.push({ label: `${file}#${at}`, text: v.text, line: link.line, column: link.column });
      continue;
    }
    if (v.kind !== 'value') continue;
    put(def, v, at, key);
  }
  for (const deep of spec.read?.(node) ?? []) put(deep.def, deep.node, pointer([...path, ...deep.path]), deep.path.join('.'));
  const starts = root === node ? [node] : [node, root];
  for (const [flag, ways] of Object.entries(spec.paths ?? {})) {
    const v =
      starts
        .flatMap((start) => ways.map((at) => nodeAt(start, at)))
        .find((n) => n?.kind === 'value' && n.value !== null && n.value !== '') ?? null;
    if (flag === 'model') pathModel = v?.kind === 'value' ? text(v.value) : null;
    else if (v?.kind === 'value' && v.value !== null && v.value !== '') flags.push(`${flag} ${String(v.value)}`);
  }
  const model = spec.model.map((k) => text(values.get(k))).find((m) => m !== null) ?? pathModel;
  const backend = spec.backend.map((k) => text(values.get(k))).find((m) => m !== null) ?? null;
  const label = spec.label?.(values, node) ?? null;
  const invocation = flags.length > 0 ? flags.join(' ') : null;
  const draft = {
    line: link.line,
    endLine: link.line,
    format: spec.console,
    label,
    labelLine: label === null ? null : link.line,
    failed: false,
    error: null,
    metrics,
    unknown,
    fenceLine: link.line,
    invocation,
    fingerprint: fingerprint(Object.values(metrics).map((m) => `${m.name}=${m.text}`)),
    saved: { file, url: link.url, format: spec.id, pointer: pointer(path), line: node.line },
  } satisfies RunDraft & { saved: SavedRef };
  return { draft, model, backend };
}

/** The first keys of an object, for a message (`\`benchmarks\`, \`args\``). */
function keysOf(node: JsonNode & { kind: 'object' }): string {
  const keys = [...node.members.keys()].slice(0, 6).map((k) => `\`${k}\``);
  return keys.join(', ') || 'none';
}

/** The objects of a read value that may be runs: the value itself, or each object of a top-level array. */
function candidates(
  read: JsonRead,
  path: ReadonlyArray<string | number>,
): Array<{ node: JsonNode & { kind: 'object' }; path: Array<string | number> }> {
  const root = read.root;
  if (root?.kind === 'object') return [{ node: root, path: [...path] }];
  if (root?.kind === 'array') return (root.items ?? []).flatMap((n, i) => (n.kind === 'object' ? [{ node: n, path: [...path, i] }] : []));
  return [];
}

/** How a file is laid out, by its name: `.jsonl` by line, `.txt` by labelled lines, else one JSON value. */
export function savedLayout(file: string): SavedLayout {
  return /\.jsonl$/i.test(file) ? 'jsonl' : /\.txt$/i.test(file) ? 'text' : 'json';
}

/** The values of a file's text, each with the path its pointers start from (a JSON Lines line's index). */
export function savedReads(source: string, layout: SavedLayout): Array<{ read: JsonRead; path: Array<string | number> }> {
  if (layout === 'jsonl') return readJsonLines(source, SAVED_COUNTED).map((r, i) => ({ read: r, path: [i] }));
  if (layout === 'text') return [{ read: readLabelledText(source), path: [] }];
  return [{ read: readJson(source, 0, SAVED_COUNTED), path: [] }];
}

/** The runs of a saved result file's text; `file` names it in labels and messages. Never throws. */
export function savedRuns(source: string, file: string, link: LinkAt): SavedRuns {
  const problems: SavedProblem[] = [];
  const layout = savedLayout(file);
  const reads = savedReads(source, layout);
  const runs: SavedRun[] = [];
  const formats: string[] = [];
  for (const { read, path } of reads) {
    if (read.problem) {
      const p = read.problem;
      problems.push({ kind: 'malformed', line: p.line, column: p.column, pointer: pointer(path), detail: p.detail });
    }
    const objects = candidates(read, path);
    if (objects.length === 0 && !read.problem && read.root) {
      problems.push({
        kind: 'unknown',
        line: read.root.line,
        column: read.root.column,
        pointer: pointer(path),
        detail: 'no object of a benchmark result',
      });
    }
    for (const { node, path: at } of objects) {
      const spec = savedFormatOf(layout, new Set(node.members.keys()));
      // An object cut short is the malformed file's problem, not an unknown format.
      if (!spec && read.problem) continue;
      if (!spec) {
        problems.push({
          kind: 'unknown',
          line: node.line,
          column: node.column,
          pointer: pointer(at),
          detail: `an object no saved-result format knows (keys ${keysOf(node)})`,
        });
        continue;
      }
      // A schema version the format's reader does not know: its keys may mean other things.
      const version = spec.version ? node.members.get(spec.version.key) : undefined;
      if (spec.version && version?.kind === 'value' && !spec.version.known.test(String(version.value))) {
        problems.push({
          kind: 'unknown',
          line: version.line,
          column: version.column,
          pointer: pointer([...at, spec.version.key]),
          detail: `${spec.title} of schema version ${version.text}, which this reader does not know`,
        });
        continue;
      }
      if (!formats.includes(spec.id)) formats.push(spec.id);
      if (!spec.items) {
        runs.push(runOf(spec, node, node, at, file, link, problems));
        continue;
      }
      // A file of runs: each item of its list that is one, read with the file's object for settings stated once.
      const list = node.members.get(spec.items.member);
      const items = list?.kind === 'array' ? (list.items ?? []) : [];
      if (items.length === 0) {
        const where = list ?? node;
        problems.push({
          kind: 'unknown',
          line: where.line,
          column: where.column,
          pointer: pointer([...at, spec.items.member]),
          detail: `${spec.title} with no runs in \`${spec.items.member}\``,
        });
      }
      items.forEach((item, i) => {
        const itemAt = [...at, spec.items!.member, i];
        if (item.kind === 'object' && spec.items!.recognise(new Set(item.members.keys()))) {
          runs.push(runOf(spec, item, node, itemAt, file, link, problems));
          return;
        }
        problems.push({
          kind: 'unknown',
          line: item.line,
          column: item.column,
          pointer: pointer(itemAt),
          detail: `an item of ${spec.title} this reader does not know (keys ${item.kind === 'object' ? keysOf(item) : 'none'})`,
        });
      });
    }
  }
  if (reads.length === 0) problems.push({ kind: 'malformed', line: 1, column: 1, pointer: '', detail: 'an empty file' });
  // A file of which nothing is a result (a linked settings file with comments, a list of numbers) is not a result
  // gone wrong: what keeps it from being JSON is said as an unknown format, not as a broken result.
  if (runs.length === 0)
    return {
      runs,
      formats,
      problems: problems.map((p) =>
        p.kind === 'malformed' ? { ...p, kind: 'unknown', detail: `not a benchmark result (${p.detail})` } : p,
      ),
    };
  return { runs, formats, problems };
}
