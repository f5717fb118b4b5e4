/**
 * Entry point: one fence in, its runs and what it set aside (notes) out. Never throws on content; every block is either parsed
 * or reported.
 */
import { z } from 'zod';
import type { Note } from '../schemas/note.js';
import { runSchema } from '../schemas/run.js';
import { parseBlock } from './block.js';
import { fingerprint } from './fingerprint.js';
import { FORMAT_IDS, detectFormat, formatOf, headerOf, signedFormats } from './registry.js';
import { toLines } from './shapes.js';
import { splitLines } from './split.js';
import type { BlockSegment, FailureSegment } from './split.js';
import type { FenceInput, FenceOptions, FenceResult, RunDraft, SourceLine } from './types.js';

export type { FenceInput, FenceOptions, FenceResult, RunDraft, BlockInput, BlockOutput } from './types.js';
export type { FormatSpec } from './spec.js';

/** A run as the format parsers return it, its format one of the registry's: the page model adds `id` and `context` later. */
export const runDraftSchema = runSchema
  .omit({ id: true, context: true, setup: true, repeatOf: true })
  .extend({ format: z.enum(FORMAT_IDS).nullable() });

export function parseFence(input: FenceInput, options: FenceOptions): FenceResult {
  const lines = toLines(input.value, input.contentLine, input.column);
  const { segments, orphans } = splitLines(lines);
  const runs: RunDraft[] = [];
  const notes: Note[] = [];
  // Comment lines in a serving script are not failures: stubs count only where results are.
  const resultFence = options.expectResult || segments.some((s) => s.kind === 'block');

  for (const segment of segments) {
    if (segment.kind === 'block') runs.push(blockRun(segment, input, notes));
    else if (resultFence) runs.push(failureRun(segment, input));
  }

  // Stray labels matter only beside runs; a fence without any is reported as unparsed below.
  if (resultFence && runs.length > 0) {
    for (const orphan of orphans)
      notes.push({ ruleId: 'benchmark-orphan-label', line: orphan.line, column: orphan.column, text: orphan.text.trim() });
  }
  if (options.expectResult && runs.length === 0) {
    const first = lines.find((l) => l.text.trim() !== '')?.text.trim() ?? null;
    notes.push({ ruleId: 'benchmark-unparsed', line: input.fenceLine, column: input.column, first });
  }
  return { runs, notes };
}

/**
 * A table of the page outside any fence, as its rows' located lines (each cell's text at its own column): the
 * runs of the format whose table rows are runs (`TableGrammar.rows === 'runs'`) when the header row is that
 * format's, else null (any other table is prose, never a run). The body rows are only built for such a table.
 */
export function parseTableRuns(header: SourceLine, body: () => readonly SourceLine[]): FenceResult | null {
  if (headerOf(header.text.trim())?.format.table?.rows !== 'runs') return null;
  // One text per file line from the header on; lines without a row (the delimiter row) are blank.
  const texts: string[] = [header.text];
  for (const row of body()) {
    const at = row.line - header.line;
    if (at < texts.length || at > 10_000) continue;
    while (texts.length < at) texts.push('');
    texts.push(row.text);
  }
  return parseFence(
    { value: texts.join('\n'), fenceLine: header.line, contentLine: header.line, column: 1, lang: null },
    { expectResult: false },
  );
}

function blockRun(segment: BlockSegment, input: FenceInput, notes: Note[]): RunDraft {
  // A row of a table whose rows are runs belongs to the format whose header started the table.
  const own = segment.opener.table?.rows === 'runs' ? formatOf(segment.opener.id) : null;
  const format = own ?? detectFormat(segment.lines.map((l) => l.text));
  const { metrics, unknown, notes: found } = parseBlock(format, { lines: segment.lines, shapes: segment.shapes });
  notes.push(...found);
  const first = segment.lines[0];
  const last = segment.lines[segment.lines.length - 1];
  const start = { line: first.line, column: first.column + (first.text.length - first.text.trimStart().length) };
  const signed = signedFormats(segment.lines.map((l) => l.text));
  if (signed.length > 1)
    notes.push({ ruleId: 'benchmark-mixed-format', ...start, blockLine: first.line, formats: signed.map((f) => f.id), readAs: format.id });
  if (!segment.closed) {
    const cutBy = segment.cutBy ? { text: segment.cutBy.text.trim(), line: segment.cutBy.line } : null;
    notes.push({ ruleId: 'benchmark-truncated', ...start, blockLine: first.line, closer: segment.opener.block.closerText, cutBy });
  }
  const names = Object.keys(metrics);
  if (names.length === 0) notes.push({ ruleId: 'benchmark-empty-block', ...start, blockLine: first.line });
  const pairs = names.map((n) => `${n}=${metrics[n].text}`).concat(unknown.map((u) => `?${u.label}=${u.text}`));
  return {
    line: first.line,
    endLine: last.line,
    format: format.id,
    label: segment.label?.text ?? null,
    labelLine: segment.label?.line ?? null,
    failed: false,
    error: null,
    metrics,
    unknown,
    fenceLine: input.fenceLine,
    invocation: invocationText(segment),
    fingerprint: fingerprint(pairs),
  };
}

function failureRun(segment: FailureSegment, input: FenceInput): RunDraft {
  return {
    line: segment.line,
    endLine: segment.endLine,
    format: null,
    label: segment.label?.text ?? null,
    labelLine: segment.label?.line ?? null,
    failed: true,
    error: segment.error,
    metrics: {},
    unknown: [],
    fenceLine: input.fenceLine,
    invocation: invocationText(segment),
    fingerprint: fingerprint([`error=${segment.error}`]),
  };
}

function invocationText(segment: BlockSegment | FailureSegment): string | null {
  const inv = segment.invocation;
  if (!inv) return null;
  return inv.namespace ? `${inv.args}\n${inv.namespace}` : inv.args;
}
