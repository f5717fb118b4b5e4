/**
 * A line-level outline of a report page, read by structure only (fences, ATX headings, pipe tables, the label line
 * before a serving script): the generator rewrites pages through it and never through a page's own numbers or names.
 */

export interface Heading {
  /** 0-based line index. */
  index: number;
  depth: number;
  text: string;
}

/** A pipe table: header at `start`, delimiter row at `start + 1`, body rows up to `end` (exclusive). */
export interface Table {
  start: number;
  end: number;
}

/** A section opened by a heading, running to the next heading of the same or a smaller depth (exclusive). */
export interface Section {
  heading: Heading;
  end: number;
}

export interface Outline {
  lines: string[];
  /** True for each line inside a fenced code block (the fence lines included). */
  fenced: boolean[];
  headings: Heading[];
  tables: Table[];
}

const FENCE = /^\s*(`{3,}|~{3,})/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;

export function outline(text: string): Outline {
  const lines = text.split('\n');
  const fenced: boolean[] = [];
  let open: string | null = null;
  for (const line of lines) {
    const m = FENCE.exec(line);
    if (open === null && m) {
      open = m[1];
      fenced.push(true);
    } else if (open !== null) {
      fenced.push(true);
      if (m && m[1][0] === open[0] && m[1].length >= open.length && line.trim() === m[1]) open = null;
    } else fenced.push(false);
  }
  const headings: Heading[] = [];
  const tables: Table[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (fenced[i]) continue;
    const h = HEADING.exec(lines[i]);
    if (h) headings.push({ index: i, depth: h[1].length, text: h[2] });
    if (isRow(lines[i]) && isDelimiter(lines[i + 1] ?? '') && !fenced[i + 1] && (i === 0 || !isRow(lines[i - 1]))) {
      let end = i + 2;
      while (end < lines.length && !fenced[end] && isRow(lines[end])) end++;
      tables.push({ start: i, end });
    }
  }
  return { lines, fenced, headings, tables };
}

export const isRow = (line: string) => /^\s{0,3}\|/.test(line);
const isDelimiter = (line: string) => /^\s{0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)+\|?\s*$/.test(line);

/** The section a heading opens. */
export function sectionOf(o: Outline, h: Heading): Section {
  const next = o.headings.find((x) => x.index > h.index && x.depth <= h.depth);
  return { heading: h, end: next ? next.index : o.lines.length };
}

/** The first heading whose text matches, at any depth. */
export function findHeading(o: Outline, re: RegExp, depth?: number): Heading | null {
  return o.headings.find((h) => re.test(h.text) && (depth === undefined || h.depth === depth)) ?? null;
}

/** The first table inside a section. */
export function tableIn(o: Outline, s: Section): Table | null {
  return o.tables.find((t) => t.start > s.heading.index && t.end <= s.end) ?? null;
}

export const conclusionTable = (o: Outline): Table | null => {
  const h = findHeading(o, /^Conclusion\b/i, 2);
  return h ? tableIn(o, sectionOf(o, h)) : null;
};

export const summaryHeading = (o: Outline): Heading | null => findHeading(o, /^Summary of Optimization/i);

export const summaryTable = (o: Outline): Table | null => {
  const h = summaryHeading(o);
  return h ? tableIn(o, sectionOf(o, h)) : null;
};

/**
 * The experiments: the headings one level below `## Experiment Results` that open an experiment (not the summary,
 * not the other benchmark cases), each with its section.
 */
export function experiments(o: Outline): Section[] {
  const results = findHeading(o, /^Experiment Results\b/i);
  if (!results) return [];
  const scope = sectionOf(o, results);
  const depth = results.depth + 1;
  return o.headings
    .filter((h) => h.index > results.index && h.index < scope.end && h.depth === depth)
    .filter((h) => !/^(Summary|Other Benchmark)/i.test(h.text))
    .map((h) => sectionOf(o, h));
}

/** Cells of a pipe-table row, without the outer pipes (a `|` inside backticks or escaped is not split). */
export function cells(row: string): string[] {
  const body = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  const out: string[] = [];
  let cur = '';
  let code = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\' && body[i + 1] === '|') {
      cur += '\\|';
      i++;
    } else if (c === '`') {
      code = !code;
      cur += c;
    } else if (c === '|' && !code) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

export const row = (cs: readonly string[]) => `| ${cs.map((c) => c.trim()).join(' | ')} |`;

/**
 * Variant labels of the classic style: a plain paragraph line right above `??? info "...serving script..."`
 * (returns 0-based indices of the label lines).
 */
export function labelLines(o: Outline): number[] {
  const out: number[] = [];
  for (let i = 1; i < o.lines.length; i++) {
    if (o.fenced[i] || !/^\?\?\?\+? info "[^"]*serving script"/i.test(o.lines[i])) continue;
    const prev = o.lines[i - 1];
    if (o.fenced[i - 1] || !prev.trim() || /^\s*([#|>!?*-]|\d+\.)/.test(prev) || /^\s{4}/.test(prev)) continue;
    out.push(i - 1);
  }
  return out;
}

/** A result fence: the fence lines directly inside a `??? info "...benchmark result..."` admonition. */
export interface Fence {
  /** 0-based index of the opening fence line. */
  open: number;
  /** 0-based index of the closing fence line. */
  close: number;
}

export function resultFences(o: Outline): Fence[] {
  const out: Fence[] = [];
  for (let i = 0; i < o.lines.length; i++) {
    if (o.fenced[i] || !/^\?\?\?\+? info "[^"]*benchmark result/i.test(o.lines[i])) continue;
    let j = i + 1;
    while (j < o.lines.length && !o.lines[j].trim()) j++;
    if (!FENCE.test(o.lines[j] ?? '')) continue;
    let k = j + 1;
    while (k < o.lines.length && o.fenced[k] && !(FENCE.test(o.lines[k]) && o.lines[k].trim() === FENCE.exec(o.lines[j])![1])) k++;
    if (k < o.lines.length) out.push({ open: j, close: k });
  }
  return out;
}
