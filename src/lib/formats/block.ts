/**
 * Metric lines of one result block -> metrics by canonical name, for every format: they all print
 * `Label:<blanks>value` lines and differ in their label tables and block grammar, which their specs state.
 */
import type { Metric, UnknownLine } from '../schemas/metric.js';
import type { Note, NoteOf } from '../schemas/note.js';
import { lookupLabel, parseValue } from './metrics.js';
import { mayBeInfinite, shapeOf } from './registry.js';
import type { FormatSpec } from './spec.js';
import type { BlockInput, BlockOutput } from './types.js';

/** A line of the format's block structure (banner, closer, section), when the splitter did not say. */
function structure(format: FormatSpec, text: string): boolean {
  const t = text.trim();
  const { block } = format;
  return t === '' || block.header(t) !== null || (block.closer?.test(t) ?? false) || block.section(t);
}

export function parseBlock(format: FormatSpec, block: BlockInput): BlockOutput {
  const metrics: Record<string, Metric> = {};
  const unknown: UnknownLine[] = [];
  const notes: Note[] = [];
  // The first printed value of each metric, as parsed, to tell a repeated line from a conflicting one.
  const seen = new Map<string, { value: number | null; text: string }>();
  for (let i = 0; i < block.lines.length; i++) {
    const line = block.lines[i];
    const text = line.text;
    const given = block.shapes?.[i];
    if (given === null) continue;
    if (given === undefined && structure(format, text)) continue;
    const shape = given ?? shapeOf(line);
    const known = shape ? lookupLabel(shape.label) : null;
    const place = { line: line.line, column: shape?.labelColumn ?? line.column };
    if (!shape || !known) {
      // The splitter only hands over metric-shaped lines; anything else is still kept, never dropped.
      const label = shape?.label ?? text.trim();
      unknown.push({ label, text: shape?.text ?? '', line: line.line, column: shape?.valueColumn ?? line.column });
      notes.push({ ruleId: 'benchmark-unknown-metric', ...place, text: text.trim(), label, format: format.id });
      continue;
    }
    const parsed = parseValue(shape.text);
    const previous = metrics[known.name];
    if (previous) {
      const first = seen.get(known.name)!;
      const differs = first.value !== null && parsed.value !== null ? first.value !== parsed.value : first.text !== shape.text;
      if (differs) {
        // Which line is the run's value? Neither: the metric is unusable and every claim from it untraceable.
        metrics[known.name] = { ...previous, value: null };
        notes.push({
          ruleId: 'benchmark-ambiguous-metric',
          ...place,
          label: shape.label,
          text: shape.text,
          first: { text: first.text, line: previous.line },
        });
      } else if (!format.restated?.includes(known.name)) {
        // A copy the tool prints itself is no doubled paste.
        notes.push({
          ruleId: 'benchmark-duplicate-metric',
          ...place,
          label: shape.label,
          text: shape.text,
          first: { text: previous.text, line: previous.line },
        });
      }
      continue;
    }
    seen.set(known.name, { value: parsed.value, text: shape.text });
    const bad = (problem: NoteOf<'benchmark-bad-value'>['problem'], detail: string) =>
      notes.push({
        ruleId: 'benchmark-bad-value',
        line: line.line,
        column: shape.valueColumn,
        label: shape.label,
        text: shape.text,
        problem,
        detail,
      });
    let value = parsed.value;
    if (shape.text === '' || (!parsed.numeric && known.kind === 'number')) {
      bad('not-a-number', shape.text === '' ? 'nothing' : shape.text);
    } else if (parsed.problem) {
      bad('too-precise', parsed.problem);
    } else if (known.name === 'duration_s' && value !== null && !(value > 0 && Number.isFinite(value))) {
      // Every rate of the block is divided by it: a zero, negative or infinite duration checks nothing.
      bad('duration', shape.text);
      value = null;
    } else if (value !== null && !Number.isFinite(value) && !mayBeInfinite(known.name)) {
      bad('infinite', shape.text);
    }
    metrics[known.name] = {
      name: known.name,
      label: shape.label,
      value,
      text: shape.text,
      unit: known.unit,
      decimals: parsed.decimals,
      line: line.line,
      column: shape.valueColumn,
    };
  }
  return { metrics, unknown, notes };
}
