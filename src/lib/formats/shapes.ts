/**
 * Line shapes shared by the formats. Each test is one anchored regex on one line, so a fence is read in
 * linear time. Blanks are `[ \t]` because pasted output may carry tabs and trailing spaces.
 */
import type { SourceLine } from './types.js';

// `---------------Time to First Token----------------`, `----------------End-to-End Latency----------------`:
// read by `sectionTitle` with index scans (a `-{3,}(.*?)-{3,}` regex is cubic on a long run of dashes).
// `Label:<blanks>value`; the label starts with a letter, or with one bracketed tag (`[TTFT] P50`), and holds no
// colon; the value may be missing.
const METRIC = /^([ \t]*)((?:\[[A-Za-z][^\]:]*\][ \t]*)?[A-Za-z][^:]*):(.*)$/;
const BLANKS = /[ \t]{2,}|\t/;

/** Lookup key of a label: lower case, blanks collapsed, no blank before `(`. */
export function labelKey(label: string): string {
  return label.toLowerCase().replace(/\s+/g, ' ').replace(/ \(/g, '(').trim();
}

/** The title of a `---Title---` line; `''` for a bare dash run (the sglang run separator); null otherwise. */
export function sectionTitle(text: string): string | null {
  let start = 0;
  while (start < text.length && (text[start] === ' ' || text[start] === '\t')) start++;
  let end = text.length;
  while (end > start && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  let lead = start;
  while (lead < end && text[lead] === '-') lead++;
  if (lead === end) return end - start >= 6 ? '' : null;
  let trail = end;
  while (trail > lead && text[trail - 1] === '-') trail--;
  if (lead - start < 3 || end - trail < 3) return null;
  const title = text.slice(lead, trail);
  return /[\n\r\u2028\u2029]/.test(title) ? null : title.trim();
}

export interface MetricShape {
  /** The label with its blanks collapsed, as printed otherwise. */
  label: string;
  /** The value token(s); `''` when the line ends after the colon. */
  text: string;
  /** 1-based file column of the label. */
  labelColumn: number;
  /** 1-based file column of the value (of the end of the line when the value is missing). */
  valueColumn: number;
}

/** `Label: value` split with file columns, or null when the line is not shaped like a metric. */
export function metricShape(line: SourceLine): MetricShape | null {
  const m = METRIC.exec(line.text);
  if (!m) return null;
  const indent = m[1].length;
  const rest = m[3];
  // A value must be set off from the colon (`host='0.0.0.0'` or `a:b` are not metrics).
  if (rest !== '' && rest[0] !== ' ' && rest[0] !== '\t') return null;
  const text = rest.trim();
  const label = m[2].trimEnd();
  const valueIndex = text === '' ? line.text.trimEnd().length : indent + m[2].length + 1 + rest.indexOf(text);
  return {
    label: BLANKS.test(label) ? label.replace(/[ \t]+/g, ' ') : label,
    text,
    labelColumn: line.column + indent,
    valueColumn: line.column + valueIndex,
  };
}

/** Split a fence value into located lines; a trailing `\r` (CRLF remnant) is dropped. */
export function toLines(value: string, contentLine: number, column: number): SourceLine[] {
  if (value === '') return [];
  const parts = value.split('\n');
  const lines: SourceLine[] = new Array(parts.length);
  for (let i = 0; i < parts.length; i++) {
    const raw = parts[i];
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    lines[i] = { text, line: contentLine + i, column };
  }
  return lines;
}
