/**
 * A saved result that is text, not JSON (LoadGen's `mlperf_log_summary.txt`): its `Label : value` lines read as the
 * console formats read them (`shapeOf`), into the same tree a JSON file gives, one member per label (the first of a
 * label printed twice), each value with its place, so that pointers (`/Tokens per second`), views and runs work on
 * it as on JSON. Other lines (rules, titles, notes) are not values.
 */
import type { JsonNode, JsonRead } from '../../saved/json.js';
import { shapeOf } from '../registry.js';

const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The `Label : value` lines of a text as one object node. Never throws. */
export function readLabelledText(source: string): JsonRead {
  const members = new Map<string, JsonNode>();
  let offset = 0;
  let line = 0;
  for (const text of source.split('\n')) {
    line++;
    const shape = shapeOf({ text: text.replace(/\r$/, ''), line, column: 1 });
    if (shape && shape.text !== '' && !members.has(shape.label)) {
      const column = shape.valueColumn;
      const value = NUMBER.test(shape.text) ? Number(shape.text) : shape.text;
      members.set(shape.label, { kind: 'value', value, text: shape.text, offset: offset + column - 1, line, column });
    }
    offset += text.length + 1;
  }
  if (members.size === 0) return { root: null, problem: { offset: 0, line: 1, column: 1, detail: 'no `Label : value` line' } };
  return { root: { kind: 'object', members, offset: 0, line: 1, column: 1 }, problem: null };
}
