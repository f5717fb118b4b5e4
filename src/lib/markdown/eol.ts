/**
 * Line endings: parse the LF form (so values and columns match an LF file) and map offsets back to the
 * original text. A CRLF is one byte longer than its LF, so offsets shift; a lone CR (old Mac files, or a stray
 * one among LF lines) is a line break of the same length, replaced in place, so offsets do not move and line
 * numbers are those an editor shows.
 */
import type { Node } from 'unist';

export interface Eol {
  /** The text with every `\r\n` and every lone `\r` replaced by `\n`. */
  text: string;
  /** `shift[line - 1]`: number of `\r` removed before that line starts; empty when none were. */
  shift: number[];
}

/** Replace each lone `\r` (one not followed by `\n`) by `\n`: same length, so every offset stays valid. */
export function normalizeLoneCr(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}

export function normalizeEol(original: string): Eol {
  const lf = normalizeLoneCr(original);
  if (!lf.includes('\r\n')) return { text: lf, shift: [] };
  const shift: number[] = [0];
  let removed = 0;
  for (let index = lf.indexOf('\n'); index !== -1; index = lf.indexOf('\n', index + 1)) {
    if (lf.charCodeAt(index - 1) === 13) removed++;
    shift.push(removed);
  }
  return { text: lf.replace(/\r\n/g, '\n'), shift };
}

/** Shift every offset in the tree back into the original text. Linear in the tree size. */
export function restoreOffsets(tree: Node, eol: Eol): void {
  if (eol.shift.length === 0) return;
  const seen = new Set<object>();
  const fix = (point: { line: number; offset?: number | undefined } | undefined): void => {
    // Points may be shared between nodes; shift each object once.
    if (!point || point.offset === undefined || seen.has(point)) return;
    seen.add(point);
    point.offset += eol.shift[point.line - 1] ?? eol.shift[eol.shift.length - 1];
  };
  const visit = (node: Node): void => {
    fix(node.position?.start);
    fix(node.position?.end);
    const children = (node as { children?: Node[] }).children;
    if (children) for (const child of children) visit(child);
  };
  visit(tree);
}
