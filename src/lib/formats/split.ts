/**
 * Split one fence into result blocks and failure stubs, each with its label and invocation. One pass, one
 * line at a time, driven by the registry: a format's banner (or a line its block opens with) starts a block,
 * and the block's grammar says what continues it. Inside a block, a line continues it when it is a metric, a
 * section line or a blank; the closer ends it; anything else ends it (as truncated when the format has a
 * closer) and is read again outside.
 */
import { failureText, isException, isTraceback } from './failure.js';
import { lookupLabel } from './metrics.js';
import { chatterOf, headerOf, openerOf, severalOf, shapeOf } from './registry.js';
import { sectionTitle } from './shapes.js';
import type { MetricShape } from './shapes.js';
import type { FormatSpec, TableGrammar } from './spec.js';
import type { SourceLine } from './types.js';

export interface Label {
  text: string;
  line: number;
}

export interface Invocation {
  /** `Running benchmark <args>` arguments. */
  args: string;
  line: number;
  /** The `Namespace(...)` line that followed, when there was one. */
  namespace: string | null;
}

export interface BlockSegment {
  kind: 'block';
  lines: SourceLine[];
  /** The metric shape of each line (null for header, section and closer lines), so it is read once. */
  shapes: (MetricShape | null)[];
  /** The format whose banner or opening line started the block; its grammar read the block. */
  opener: FormatSpec;
  /** False when the format has a closer and none ended the block. */
  closed: boolean;
  /** The line that cut an unclosed block short; null at the end of the fence or when closed. */
  cutBy: SourceLine | null;
  label: Label | null;
  invocation: Invocation | null;
}

export interface FailureSegment {
  kind: 'failure';
  line: number;
  column: number;
  endLine: number;
  error: string;
  label: Label | null;
  invocation: Invocation | null;
}

export type Segment = BlockSegment | FailureSegment;

export interface SplitResult {
  segments: Segment[];
  /** Label lines that no block or stub followed. */
  orphans: SourceLine[];
}

// A bare `=====` rule outside a block separates runs, as a bare `-----` does.
const RULE = /^={10,}$/;
// tqdm bars and the leveled log lines engines print; never labels.
const NOISE = /^(?:\d{1,3}%\||(?:INFO|WARNING|DEBUG)\b|\$ )/;
const COMMENT = /^#+[ \t]*/;
// `#Input tokens: 2258583` looks like a comment label but is data.
const DATA_COMMENT = /^#[^\s#][^:]*:[ \t]*\S/;

interface OpenBlock extends BlockSegment {
  /** Canonical names seen so far, to tell a repeated metric from the start of the next headerless block. */
  names: Set<string>;
  /** A blank line since the last metric. */
  blank: boolean;
  /** Banner titles seen, for a format whose banners are sections (a repeated one starts the next run). */
  titles: Set<string>;
  /** The columns of the block's table header, for a format that prints its metrics in a table. */
  columns: readonly string[] | null;
}

/** A table whose rows are runs (`TableGrammar.rows === 'runs'`), from its header row to the end of the fence. */
interface RunTable {
  format: FormatSpec;
  table: TableGrammar;
  columns: readonly string[];
  /** The lines before the header that label it, prefixed to each row's label. */
  label: Label | null;
  invocation: Invocation | null;
}

const collapse = (label: string): string => label.replace(/[ \t]+/g, ' ');

/** The cells of a `statistics` row as `<row label> <column>` metric shapes; null when the line is not a row. */
function statisticShapes(table: TableGrammar, columns: readonly string[], line: SourceLine): MetricShape[] | null {
  const cells = table.cells(line.text);
  if (!cells) return null;
  const shapes: MetricShape[] = [];
  for (let j = 1; j < cells.length; j++) {
    const cell = cells[j];
    if (cell.text === '' || table.empty?.test(cell.text)) continue;
    shapes.push({
      label: collapse(`${cells[0].text} ${columns[j] ?? `column ${j + 1}`}`),
      text: cell.text,
      labelColumn: line.column + cells[0].index,
      valueColumn: line.column + cell.index,
    });
  }
  return shapes;
}

/** One row of a `runs` table as a closed block of one line, one metric shape per cell. */
function rowRun(rows: RunTable, line: SourceLine, cells: readonly { text: string; index: number }[]): BlockSegment {
  const shapes = cells.map((cell, j) => ({
    label: rows.columns[j] ?? `column ${j + 1}`,
    text: cell.text,
    labelColumn: line.column + cell.index,
    valueColumn: line.column + cell.index,
  }));
  const named = (rows.table.label ?? []).map((name) => cells[rows.columns.indexOf(name)]?.text ?? '').filter((t) => t !== '');
  const text = [rows.label?.text ?? '', ...named].filter((t) => t !== '').join(' ');
  return {
    kind: 'block',
    lines: cells.map(() => line),
    shapes,
    opener: rows.format,
    closed: true,
    cutBy: null,
    label: text === '' ? null : { text, line: rows.label?.line ?? line.line },
    invocation: rows.invocation,
  };
}

/** A shape's key for comparing two rows: its canonical metric, else its label as printed. */
const shapeKey = (shape: MetricShape): string => lookupLabel(shape.label)?.name ?? `?${shape.label}`;

/**
 * Two rows of one label are one run printed over two tables when no figure they both print differs (they share the
 * label's own column and print different metrics); a figure printed twice with two values makes them two runs.
 */
function sameRun(a: BlockSegment, b: BlockSegment): boolean {
  const values = new Map<string, string>();
  for (const shape of a.shapes) if (shape) values.set(shapeKey(shape), shape.text);
  return b.shapes.every((shape) => !shape || values.get(shapeKey(shape)) === undefined || values.get(shapeKey(shape)) === shape.text);
}

/** Adds the figures of `b` that `a` does not print yet to `a` (the label's column, printed in both, is read once). */
function mergeRow(a: BlockSegment, b: BlockSegment): void {
  const keys = new Set(a.shapes.filter((s): s is MetricShape => s !== null).map(shapeKey));
  b.shapes.forEach((shape, i) => {
    if (shape && keys.has(shapeKey(shape))) return;
    a.lines.push(b.lines[i]);
    a.shapes.push(shape);
  });
}

export function splitLines(lines: readonly SourceLine[]): SplitResult {
  const segments: Segment[] = [];
  let block: OpenBlock | null = null;
  let group: SourceLine[] = [];
  let groupClosed = false;
  let orphans: SourceLine[] = [];
  let invocation: Invocation | null = null;
  let chatter = false;
  let traceback: FailureSegment | null = null;
  // A bare `=====` rule just seen: it separates runs, unless it is the top rule of a sectioned report's banner.
  let ruled = false;
  // The table whose rows are runs, from its header row on.
  let rows: RunTable | null = null;
  // Rows already read of tables whose rows are runs, by format and label: a tool that prints one benchmark's
  // figures over several tables (an info table, then a statistics table) prints one run, not one per table.
  // Rows of one label pair by their order in their tables (the n-th `constant` row of each table is one run).
  const rowRuns = new Map<string, BlockSegment>();
  let seen = new Map<string, number>();

  const dropGroup = (): void => {
    if (group.length > 0 && !chatter) orphans = orphans.concat(group);
    group = [];
    groupClosed = false;
  };
  const takeLabel = (): Label | null => {
    const parts = group.map((l) => l.text.trim().replace(COMMENT, '')).filter((t) => t !== '');
    const label = parts.length > 0 ? { text: parts.join(' '), line: group[0].line } : null;
    group = [];
    groupClosed = false;
    if (label) return label;
    return invocation ? { text: invocation.args, line: invocation.line } : null;
  };
  const takeInvocation = (): Invocation | null => {
    const taken = invocation;
    invocation = null;
    chatter = false;
    return taken;
  };
  const open = (line: SourceLine, opener: FormatSpec, title: string | null, name: string | null, shape: MetricShape | null): OpenBlock => {
    const label = takeLabel();
    const names = new Set<string>(name ? [name] : []);
    const invocation = takeInvocation();
    const titles = new Set<string>(title === null ? [] : [title]);
    const segment = { kind: 'block' as const, lines: [line], shapes: [shape], opener, closed: false, cutBy: null, label, invocation };
    return { ...segment, names, blank: false, titles, columns: null };
  };
  const add = (open: OpenBlock, line: SourceLine, shape: MetricShape | null): void => {
    open.lines.push(line);
    open.shapes.push(shape);
  };
  const close = (open: OpenBlock, closed: boolean, cutBy: SourceLine | null): void => {
    const { lines: blockLines, shapes, opener, label, invocation } = open;
    segments.push({ kind: 'block', lines: blockLines, shapes, opener, closed, cutBy, label, invocation });
  };

  for (const line of lines) {
    const text = line.text.trim();
    // A line of several metrics (one format prints its rates on one line), read once per line.
    const several = severalOf(line);

    if (block) {
      if (text === '') {
        block.blank = true;
        continue;
      }
      const grammar = block.opener.block;
      if (grammar.closer?.test(text)) {
        add(block, line, null);
        close(block, true, null);
        block = null;
        continue;
      }
      const title = grammar.header(text);
      // A banner of a format without closer is a section of its report, once; any other banner ends the block.
      const section = title === null ? grammar.section(text) : grammar.closer === null && !block.titles.has(title);
      if (section) {
        if (title !== null) block.titles.add(title);
        add(block, line, null);
        continue;
      }
      const table = block.opener.table;
      if (table && title === null) {
        // A table's header row sets the columns its rows are read by; each row is one metric per cell.
        const columns = table.columns(line.text);
        if (columns) {
          block.columns = columns;
          add(block, line, null);
          continue;
        }
        const shapes = block.columns ? statisticShapes(table, block.columns, line) : null;
        if (shapes) {
          if (shapes.length === 0) add(block, line, null);
          for (const cell of shapes) add(block, line, cell);
          block.blank = false;
          continue;
        }
      }
      // A line of several metrics starts a run of its own format (read again outside).
      const shape = title === null && !several ? shapeOf(line) : null;
      if (shape) {
        const name = lookupLabel(shape.label)?.name ?? null;
        // Unknown labels stay in the block unless the line is a failure or tool chatter.
        const foreign = name === null && (failureText(text) !== null || chatterOf(text) !== null);
        // A known metric again after a blank: a new headerless block, not a duplicate.
        const again = name !== null && block.names.has(name) && block.blank && !block.opener.restated?.includes(name);
        if (!foreign && !again) {
          add(block, line, shape);
          if (name) block.names.add(name);
          block.blank = false;
          continue;
        }
      }
      // Without a closer a block ends, complete, at the first line that is not its own.
      const complete = grammar.closer === null;
      close(block, complete, complete ? null : line);
      block = null;
    }

    // Outside a block.
    if (text === '') {
      if (group.length > 0) groupClosed = true;
      traceback = null;
      continue;
    }
    if (rows) {
      if (rows.format.block.section(text)) continue;
      const more = rows.table.headerRow?.(line.text, rows.columns) ?? null;
      if (more) {
        rows.columns = more;
        // Header rows again: the table's next half, whose rows pair with the first half's.
        seen = new Map();
        continue;
      }
      const cells = rows.table.cells(line.text);
      if (cells) {
        dropGroup();
        const row = rowRun(rows, line, cells);
        const label = row.label ? `${rows.format.id}\u0000${row.label.text}` : null;
        const nth = label === null ? 0 : (seen.get(label) ?? 0);
        if (label !== null) seen.set(label, nth + 1);
        const key = label === null ? null : `${label}\u0000${nth}`;
        const earlier = key === null ? undefined : rowRuns.get(key);
        if (earlier && sameRun(earlier, row)) {
          mergeRow(earlier, row);
          continue;
        }
        if (key !== null) rowRuns.set(key, row);
        segments.push(row);
        continue;
      }
    }
    const banner = headerOf(text);
    if (banner?.format.table?.rows === 'runs') {
      const table = banner.format.table;
      // The invocation names the table's runs; only lines above the header (not the command) label it.
      const called = takeInvocation();
      rows = { format: banner.format, table, columns: table.columns(line.text) ?? [], label: takeLabel(), invocation: called };
      seen = new Map();
      continue;
    }
    if (ruled) {
      ruled = false;
      if (!banner || banner.format.block.closer !== null) dropGroup();
    }
    // A line of several metrics is its format's banner and its first metrics at once.
    if (several) {
      traceback = null;
      const [first, ...rest] = several.shapes;
      block = open(line, several.format, banner?.title ?? null, lookupLabel(first.label)?.name ?? null, first);
      for (const cell of rest) {
        add(block, line, cell);
        const name = lookupLabel(cell.label)?.name;
        if (name) block.names.add(name);
      }
      continue;
    }
    if (banner) {
      traceback = null;
      block = open(line, banner.format, banner.title, null, null);
      continue;
    }
    if (traceback) {
      const body = text.replace(COMMENT, '');
      traceback.endLine = line.line;
      if (isException(body)) {
        traceback.error = body;
        traceback = null;
      }
      continue;
    }
    if (RULE.test(text)) {
      ruled = true;
      continue;
    }
    if (sectionTitle(text) === '') {
      // A bare rule between runs (the sglang `-----` separator): labels before it belong to nothing.
      dropGroup();
      continue;
    }
    const said = chatterOf(text);
    if (said) {
      if (said.kind === 'invocation') {
        dropGroup();
        invocation = { args: said.args, line: line.line, namespace: null };
        chatter = true;
      } else if (said.kind === 'namespace' && invocation && invocation.namespace === null) {
        invocation.namespace = text;
      }
      continue;
    }
    const error = failureText(text);
    if (error !== null) {
      const failure: FailureSegment = {
        kind: 'failure',
        line: line.line,
        column: line.column + (line.text.length - line.text.trimStart().length),
        endLine: line.line,
        error,
        label: takeLabel(),
        invocation: takeInvocation(),
      };
      segments.push(failure);
      if (isTraceback(error)) traceback = failure;
      continue;
    }
    const shape = text.startsWith('#') ? null : shapeOf(line);
    if (shape) {
      const name = lookupLabel(shape.label)?.name;
      const opener = name ? openerOf(name) : null;
      if (opener) block = open(line, opener, null, name!, shape);
      // Other `Key: value` lines outside a block are tool chatter (`Burstiness factor: 1.0`), not labels.
      continue;
    }
    if (chatter || NOISE.test(text) || DATA_COMMENT.test(text)) continue;
    if (groupClosed) dropGroup();
    group.push(line);
  }
  if (block) close(block, block.opener.block.closer === null, null);
  dropGroup();
  return { segments, orphans };
}
