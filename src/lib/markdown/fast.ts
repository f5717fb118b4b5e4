/**
 * The fast reading of a page: micromark reads the page with the bodies of its certain fences left out
 * (`fences.ts`), then each code node gets its body back and every position is moved to where it is in the page,
 * so the tree is the one micromark would have built from the whole text. Each left-out fence must come out of
 * micromark where the line model said (its lines, its column, its containers); when one does not, the caller
 * reads the whole page instead.
 */
import type { Root } from 'mdast';
import type { Node } from 'unist';
import { findCertainFences, type CertainFence } from './fences.js';

/** The text micromark reads and how to map its lines back. */
export interface Elided {
  text: string;
  fences: CertainFence[];
  /** Per line of `text` (1-based index): lines and characters of the page left out before it. */
  lines: Int32Array;
  chars: Float64Array;
}

/** Leave out the body lines of each certain fence; `null` when there is nothing to leave out. */
export function elide(text: string): Elided | null {
  const fences = findCertainFences(text).filter((f) => f.close > f.open + 1);
  if (fences.length === 0) return null;
  const starts = lineStarts(text);
  const parts: string[] = [];
  let from = 0;
  let removedLines = 0;
  let removedChars = 0;
  // Breakpoints: from this line of the short text on, this many lines and characters were left out before it.
  const at: number[] = [];
  const lineShift: number[] = [];
  const charShift: number[] = [];
  for (const fence of fences) {
    const bodyStart = starts[fence.open + 1];
    const bodyEnd = starts[fence.close];
    parts.push(text.slice(from, bodyStart));
    from = bodyEnd;
    removedLines += fence.close - fence.open - 1;
    removedChars += bodyEnd - bodyStart;
    at.push(fence.close + 1 - removedLines);
    lineShift.push(removedLines);
    charShift.push(removedChars);
  }
  parts.push(text.slice(from));
  const short = parts.join('');
  const count = starts.length - removedLines + 1;
  const lines = new Int32Array(count + 1);
  const chars = new Float64Array(count + 1);
  let next = 0;
  for (let line = 1; line <= count; line++) {
    while (next < at.length && at[next] <= line) next++;
    lines[line] = next ? lineShift[next - 1] : 0;
    chars[line] = next ? charShift[next - 1] : 0;
  }
  return { text: short, fences, lines, chars };
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

type Point = { line: number; column: number; offset?: number | undefined };

/**
 * Check that every left-out fence came out as the model said, put the bodies back and move every position to the
 * whole page. False (the tree is then unusable) when a fence did not come out as expected.
 */
export function restore(tree: Root, elided: Elided): boolean {
  const { fences, lines, chars } = elided;
  // Line of the short text where each fence opens and closes, and where each of its containers starts.
  const shortLine = (line: number): number => line - shiftBefore(fences, line);
  const byLine = new Map<number, CertainFence>();
  for (const fence of fences) byLine.set(shortLine(fence.open + 1), fence);
  let matched = 0;
  const seen = new Set<Point>();
  const move = (point: Point | undefined): void => {
    if (!point || seen.has(point)) return;
    seen.add(point);
    const line = point.line;
    if (line < lines.length) {
      point.line = line + lines[line];
      if (point.offset !== undefined) point.offset += chars[line];
    }
  };
  const containers: Node[] = [];
  let ok = true;
  const visit = (node: Node): void => {
    const position = node.position;
    if (node.type === 'code' && position) {
      const fence = byLine.get(position.start.line);
      if (fence) {
        if (!matches(node as Node & { value: string }, fence, containers, shortLine)) ok = false;
        else {
          (node as Node & { value: string }).value = fence.value;
          matched++;
        }
      }
    }
    if (position) {
      move(position.start);
      move(position.end);
    }
    const children = (node as { children?: Node[] }).children;
    if (!children) return;
    const container = node.type === 'admonition' || node.type === 'listItem' || node.type === 'blockquote';
    if (container) containers.push(node);
    for (const child of children) visit(child);
    if (container) containers.pop();
  };
  // A container's own position is moved before its children are visited: compare it in page lines.
  visit(tree);
  return ok && matched === fences.length;
}

/** Lines left out before a line of the page (1-based). */
function shiftBefore(fences: CertainFence[], line: number): number {
  let removed = 0;
  for (const fence of fences) {
    if (fence.close + 1 > line) break;
    removed += fence.close - fence.open - 1;
  }
  return removed;
}

function matches(node: Node & { value: string }, fence: CertainFence, containers: Node[], shortLine: (line: number) => number): boolean {
  const position = node.position!;
  if (node.value !== '' || position.start.column !== fence.column) return false;
  if (position.end.line !== shortLine(fence.close + 1)) return false;
  if (containers.length !== fence.containers.length) return false;
  return fence.containers.every((expected, index) => {
    const actual = containers[index];
    return (
      actual.type === expected.kind && actual.position?.start.line === expected.line && actual.position.start.column === expected.column
    );
  });
}
