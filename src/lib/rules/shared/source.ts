/**
 * Line-level views of a page's source that several rules share: fences with their info string and the
 * admonition around them. Independent of indentation, so flattened pages (bodies at column 0) work too.
 */
import { isResultLine } from '../../formats/registry.js';

/** One fenced block as written. */
export interface Fence {
  /** 1-based line of the opening fence. */
  line: number;
  /** 1-based line of the closing fence (or the last line when unclosed). */
  endLine: number;
  /** Indentation of the opening fence, in columns. */
  indent: number;
  /** Info string (`bash`, `shell`, `{text}`, ``). */
  info: string;
  /** Body lines with their 1-based line numbers. */
  body: Array<{ text: string; line: number }>;
  /** Title (or kind) of the admonition holding the fence, or null. */
  admonition: string | null;
  /** Text of the list item that introduces the fence (`Backend Parameters:`), or null. */
  listItem: string | null;
}

const OPEN = /^(\s*)(`{3,}|~{3,})\s*(.*)$/;
const ADMONITION = /^\s*(?:!!!|\?\?\?\+?)\s+(\w[\w-]*)(?:\s+"(.*)")?\s*$/;
const LIST_ITEM = /^\s*(?:[-*+]|\d+\.)\s+(.*)$/;

/** Split into lines without line-ending characters. */
export function sourceLines(source: string): string[] {
  return source.split('\n').map((l) => l.replace(/\r$/, ''));
}

const indentOf = (s: string) => s.length - s.trimStart().length;

/** Every fenced block of the page in order. */
export function fences(source: string): Fence[] {
  const lines = sourceLines(source);
  const out: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN.exec(lines[i]);
    if (!open) continue;
    const marker = open[2];
    const close = new RegExp(`^\\s*${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
    let j = i + 1;
    while (j < lines.length && !close.test(lines[j])) j++;
    const body = lines.slice(i + 1, j).map((text, k) => ({ text, line: i + 2 + k }));
    const indent = open[1].length;
    out.push({ line: i + 1, endLine: Math.min(j + 1, lines.length), indent, info: open[3].trim(), body, ...around(lines, i, indent) });
    i = j;
  }
  return out;
}

/** The admonition or list item right above a fence: the nearest non-blank line with less indentation. */
function around(lines: string[], at: number, indent: number): { admonition: string | null; listItem: string | null } {
  for (let k = at - 1; k >= 0; k--) {
    const text = lines[k];
    if (text.trim() === '') continue;
    const adm = ADMONITION.exec(text);
    // Flattened pages put the body at column 0, so the line right above counts regardless of indentation.
    if (adm && (indentOf(text) < indent || k === at - 1)) return { admonition: adm[2] ?? adm[1], listItem: null };
    const item = LIST_ITEM.exec(text);
    if (item && indentOf(text) < indent) return { admonition: null, listItem: item[1].trim() };
    if (indentOf(text) < indent || k < at - 1) return { admonition: null, listItem: null };
  }
  return { admonition: null, listItem: null };
}

/** True for a fence that holds benchmark output rather than a script. */
export function isResultFence(fence: Fence): boolean {
  return fence.body.some((l) => isResultLine(l.text.trim()));
}

/** True for a fence that holds a shell script (bash/sh/shell/console, or no info string). */
export function isShellFence(fence: Fence): boolean {
  return /^(?:bash|sh|shell|zsh|console)?$/i.test(fence.info);
}
