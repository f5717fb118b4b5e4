/**
 * Metric lines of one result block -> metrics by canonical name. Shared by the format modules: the three
 * formats print the same `Label:<blanks>value` lines and differ only in their label sets.
 */
import { draft } from '../diagnostics.js';
import type { Metric, UnknownLine } from '../schemas/run.js';
import type { Draft } from '../diagnostics.js';
import { lookupLabel, parseValue } from './metrics.js';
import { isCloser, isHeader, metricShape, sectionTitle } from './shapes.js';
import type { BlockInput, BlockOutput } from './types.js';

export function parseBlock(block: BlockInput): BlockOutput {
  const metrics: Record<string, Metric> = {};
  const unknown: UnknownLine[] = [];
  const messages: Draft[] = [];
  for (let i = 0; i < block.lines.length; i++) {
    const line = block.lines[i];
    const text = line.text;
    const given = block.shapes?.[i];
    if (given === null) continue;
    if (given === undefined && (text.trim() === '' || isHeader(text) || isCloser(text) || sectionTitle(text) !== null)) continue;
    const shape = given ?? metricShape(line);
    const known = shape ? lookupLabel(shape.label) : null;
    const place = { line: line.line, column: shape?.labelColumn ?? line.column };
    if (!shape || !known) {
      // The splitter only hands over metric-shaped lines; anything else is still kept, never dropped.
      const label = shape?.label ?? text.trim();
      unknown.push({ label, text: shape?.text ?? '', line: line.line, column: shape?.valueColumn ?? line.column });
      messages.push(
        draft('benchmark-unknown-metric', 'warning', place, `Unknown metric line \`${text.trim()}\``, {
          expected: 'a metric label of vllm, guidellm or sglang output',
          actual: label,
        }),
      );
      continue;
    }
    const previous = metrics[known.name];
    if (previous) {
      messages.push(
        draft(
          'benchmark-duplicate-metric',
          'warning',
          place,
          `Unexpected second \`${shape.label}\` (${shape.text}), already given at line ${previous.line} (${previous.text})`,
          { expected: `one \`${shape.label}\` line`, actual: `lines ${previous.line} and ${line.line}` },
        ),
      );
      continue;
    }
    const parsed = parseValue(shape.text);
    if (shape.text === '' || (!parsed.numeric && known.kind === 'number')) {
      messages.push(
        draft('benchmark-bad-value', 'warning', { line: line.line, column: shape.valueColumn }, `Unexpected value \`${shape.text}\` for \`${shape.label}\``, {
          expected: 'a number, `inf` or `N/A`',
          actual: shape.text === '' ? 'nothing' : shape.text,
        }),
      );
    }
    metrics[known.name] = {
      name: known.name,
      label: shape.label,
      value: parsed.value,
      text: shape.text,
      unit: known.unit,
      decimals: parsed.decimals,
      line: line.line,
      column: shape.valueColumn,
    };
  }
  return { metrics, unknown, messages };
}
