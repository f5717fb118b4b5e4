/**
 * Structural variants of a real page that keep every stated number true: the same runs and claims, laid out the
 * way other authors of the family lay them out. Each returns null when the page has nothing to vary.
 */
import type { Rng } from './rng.js';
import {
  cells,
  conclusionTable,
  experiments,
  labelLines,
  outline,
  row,
  sectionOf,
  summaryTable,
  type Outline,
  type Section,
  type Table,
} from './structure.js';

export type Variant = (text: string, rng: Rng) => string | null;

const join = (lines: string[]) => lines.join('\n');
const deepen = (line: string, by: number) =>
  line.replace(/^(#{1,6})(\s)/, (_, h: string, s: string) => '#'.repeat(Math.min(6, h.length + by)) + s);

/** Every heading inside the experiment sections one level deeper, under one new wrapper heading. */
export const deeperExperiments: Variant = (text) => {
  const o = outline(text);
  const exps = experiments(o);
  if (!exps.length || exps.some((e) => e.heading.depth >= 6)) return null;
  const lines = [...o.lines];
  for (const e of exps)
    for (const h of o.headings) if (h.index >= e.heading.index && h.index < e.end) lines[h.index] = deepen(lines[h.index], 1);
  const first = exps[0].heading;
  lines.splice(first.index, 0, `${'#'.repeat(first.depth)} Experiments`, '');
  return join(lines);
};

const ENGINE_IN = /^(.*?)\s+(?:in|with|on)\s+(vLLM|SGLang|TensorRT-LLM|MindIE|LMDeploy|llama\.cpp|TGI)\s*$/i;

/**
 * Engine-first grouping: `### 2. Quantization in SGLang` becomes `### SGLang` / `#### 2. Quantization`, consecutive
 * experiments on one engine sharing the engine heading.
 */
export const engineFirst: Variant = (text) => {
  const o = outline(text);
  const exps = experiments(o);
  const named = exps.filter((e) => ENGINE_IN.test(e.heading.text));
  if (!named.length || exps.some((e) => e.heading.depth >= 6)) return null;
  const lines = [...o.lines];
  const inserts: { at: number; line: string }[] = [];
  let last: string | null = null;
  for (const e of exps) {
    const m = ENGINE_IN.exec(e.heading.text);
    if (!m) {
      last = null;
      continue;
    }
    const engine = m[2];
    for (const h of o.headings) if (h.index > e.heading.index && h.index < e.end) lines[h.index] = deepen(lines[h.index], 1);
    lines[e.heading.index] = `${'#'.repeat(e.heading.depth + 1)} ${m[1]}`;
    if (engine.toLowerCase() !== last) inserts.push({ at: e.heading.index, line: `${'#'.repeat(e.heading.depth)} ${engine}` });
    last = engine.toLowerCase();
  }
  for (const ins of inserts.reverse()) lines.splice(ins.at, 0, ins.line, '');
  return join(lines);
};

/** Variant labels of GPUStack pages: a heading below an experiment followed by `- Profile:` / `- Backend Parameters:`. */
function headingLabels(o: Outline): number[] {
  const out: number[] = [];
  for (const e of experiments(o)) {
    for (const h of o.headings) {
      if (h.index <= e.heading.index || h.index >= e.end || h.depth !== e.heading.depth + 1) continue;
      const next = o.lines.slice(h.index + 1, h.index + 3).join('\n');
      if (/^- (Profile|Backend Parameters):/m.test(next)) out.push(h.index);
    }
  }
  return out;
}

export type LabelStyle = 'heading' | 'bold' | 'list';

/**
 * Restyle the variant labels: a plain line above `??? info "Serving script"` becomes a heading, bold text or a list
 * item; a heading label of a GPUStack page becomes bold text or a list item merged with its `- Profile:` list.
 */
export const labelStyle =
  (style: LabelStyle): Variant =>
  (text) => {
    const o = outline(text);
    const lines = [...o.lines];
    const plain = labelLines(o);
    const heads = headingLabels(o);
    if (!plain.length && !(heads.length && style !== 'heading')) return null;
    const exps = experiments(o);
    const depthAt = (i: number) => {
      const e = exps.find((x) => x.heading.index < i && i < x.end);
      const inner = o.headings.filter((h) => e && h.index > e.heading.index && h.index < i).map((h) => h.depth);
      return Math.min(6, Math.max(e ? e.heading.depth : 3, ...inner) + 1);
    };
    const edits: { at: number; with: string[] }[] = [];
    for (const i of plain) {
      const label = lines[i].trim();
      if (style === 'heading') edits.push({ at: i, with: [`${'#'.repeat(depthAt(i))} ${label}`, ''] });
      else if (style === 'bold') edits.push({ at: i, with: [`**${label}**`] });
      else edits.push({ at: i, with: [`- ${label}`, ''] });
    }
    if (style !== 'heading') {
      for (const i of heads) {
        const label = lines[i].replace(/^#+\s+/, '').trim();
        edits.push({ at: i, with: [style === 'bold' ? `**${label}**` : `- ${label}`] });
      }
    }
    for (const e of edits.sort((a, b) => b.at - a.at)) lines.splice(e.at, 1, ...e.with);
    return join(lines);
  };

/** Body rows of a table in another order (a different one whenever there are two rows or more). */
const reorder =
  (pick: (o: Outline) => Table | null): Variant =>
  (text, rng) => {
    const o = outline(text);
    const t = pick(o);
    if (!t || t.end - t.start < 4) return null;
    const body = o.lines.slice(t.start + 2, t.end);
    let next = rng.shuffle(body);
    if (next.every((l, i) => l === body[i])) next = [...body.slice(1), body[0]];
    const lines = [...o.lines];
    lines.splice(t.start + 2, body.length, ...next);
    return join(lines);
  };

/** One table as two: the rows split after a random row, the header repeated, a blank line between. */
const split =
  (pick: (o: Outline) => Table | null): Variant =>
  (text, rng) => {
    const o = outline(text);
    const t = pick(o);
    if (!t || t.end - t.start < 4) return null;
    const at = t.start + 3 + rng.int(t.end - t.start - 3);
    const lines = [...o.lines];
    lines.splice(at, 0, '', o.lines[t.start], o.lines[t.start + 1]);
    return join(lines);
  };

export const summaryReordered = reorder(summaryTable);
export const conclusionReordered = reorder(conclusionTable);
export const summarySplit = split(summaryTable);
export const conclusionSplit = split(conclusionTable);

/** The experiments' sections, for other modules. */
export const experimentSections = (text: string): Section[] => experiments(outline(text));
export { sectionOf, cells, row };
