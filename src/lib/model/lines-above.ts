/**
 * The lines above each result fence of a page, back to the end of the result fence before it: what names a run in
 * a write-up when its block has no label (a label line, the title of the admonition around the fence). Taken once
 * from the page's text when it is read; the claims read these, never the page's raw text.
 */
import type { Code } from 'mdast';

export interface LinesAbove {
  /** 1-based line of `lines[0]`. */
  first: number;
  lines: string[];
}

/**
 * For each line where a fence holding runs opens (`fenceLines`), the page's lines from the end of the previous
 * such fence to the line before it. A scan up from a run's fence stops at the previous run's fence, so these are
 * all it can read; together they are at most the page.
 */
export function linesAboveRuns(
  source: string,
  fenceLines: Iterable<number>,
  codes: ReadonlyArray<{ node: Code }>,
): Map<number, LinesAbove> {
  const out = new Map<number, LinesAbove>();
  const starts = [...new Set(fenceLines)].sort((a, b) => a - b);
  if (starts.length === 0) return out;
  const endOf = new Map<number, number>();
  for (const { node } of codes) {
    const start = node.position?.start.line;
    if (start !== undefined) endOf.set(start, node.position?.end.line ?? start);
  }
  const lines = source.split('\n');
  let after = 0;
  for (const line of starts) {
    out.set(line, { first: after + 1, lines: lines.slice(after, Math.max(after, line - 1)) });
    // A table of runs is no fence: a scan reads on through it.
    const end = endOf.get(line);
    if (end !== undefined) after = Math.max(after, end);
  }
  return out;
}
