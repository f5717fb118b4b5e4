/**
 * Which side of a comparison a sentence puts first, judged on the runs it names (issue 42: swapped operands).
 *
 * - `A is 1.3x faster than B`, `A has 25% higher throughput than B`: the run named before the number (the
 *   subject) and the run named after `than` (the object) are each one run; the comparison's two runs are those
 *   two. The word says which is larger: `higher`, `more`, `greater`, `larger` the subject's value; `lower`, `less`,
 *   `smaller`, `fewer` the object's; `faster`, `better` the subject is the better (higher throughput, lower
 *   latency), `slower`, `worse` the object. When the runs print it the other way round, the number is a mismatch
 *   whatever its size: the sentence credits the other run.
 * - `the TTFT of A is 180 ms and that of B is 220 ms`: a value whose nearest run named before it (in its sentence)
 *   is one run that prints another value, while another run named in the same sentence prints this one: the two
 *   values are exchanged, a mismatch against the run the sentence gives it.
 * Tolerance: none beyond the comparison's own (the order of two printed values is exact).
 */
import type { ClaimSource } from '../../schemas/claim.js';
import { mentions, type NamedRun } from './runs.js';
import { lowerIsBetter, type Family } from './vocab.js';

type Word = 'subject-larger' | 'object-larger' | 'subject-better' | 'object-better';

const COMPARATIVE =
  /\b(faster|quicker|better|slower|worse|higher|more|greater|larger|bigger|lower|less|smaller|fewer)\b[^.;:!?]{0,60}?\bthan\b/i;

function wordOf(w: string): Word {
  const x = w.toLowerCase();
  if (['faster', 'quicker', 'better'].includes(x)) return 'subject-better';
  if (['slower', 'worse'].includes(x)) return 'object-better';
  if (['higher', 'more', 'greater', 'larger', 'bigger'].includes(x)) return 'subject-larger';
  return 'object-larger';
}

/** The one run of the last mention in `text`, or null. */
function lastRun(text: string, runs: readonly NamedRun[]): NamedRun | null {
  const m = mentions(text, runs);
  const last = m[m.length - 1];
  return last && last.runs.length === 1 ? last.runs[0] : null;
}

function firstRun(text: string, runs: readonly NamedRun[]): NamedRun | null {
  const m = mentions(text, runs);
  return m[0] && m[0].runs.length === 1 ? m[0].runs[0] : null;
}

export interface OrderBreach {
  formula: string;
  /** The value the comparison has with the sentence's runs in the sentence's order (object over subject). */
  recomputed: number;
}

/**
 * Whether a verified comparison (`claim` in `sentence`, between the runs of `sources`) puts its runs the wrong way
 * round; null when it does not, or when the sentence does not name one run on each side.
 */
export function swappedComparison(
  sentence: string,
  claim: string,
  kind: 'percent' | 'ratio',
  family: Family,
  sources: readonly ClaimSource[],
  runs: readonly NamedRun[],
): OrderBreach | null {
  const at = sentence.indexOf(claim);
  if (at < 0 || sources.length < 2) return null;
  const after = sentence.slice(at);
  const word = COMPARATIVE.exec(after);
  if (!word) return null;
  const subject = lastRun(sentence.slice(0, at), runs);
  const object = firstRun(after.slice(word.index + word[0].length), runs);
  if (!subject || !object || subject === object) return null;
  const [a, b] = sources;
  const ids = [a.runId, b.runId];
  if (!ids.includes(subject.run.id) || !ids.includes(object.run.id) || a.runId === b.runId) return null;
  const key = a.metric;
  if (!key) return null;
  const sv = subject.run.metrics[key]?.value;
  const ov = (object.run.metrics[key] ?? object.run.metrics[b.metric ?? key])?.value;
  if (typeof sv !== 'number' || typeof ov !== 'number' || sv === ov) return null;
  const w = wordOf(word[1]);
  const subjectLarger = sv > ov;
  const higherBetter = !lowerIsBetter(family);
  const holds =
    w === 'subject-larger'
      ? subjectLarger
      : w === 'object-larger'
        ? !subjectLarger
        : w === 'subject-better'
          ? subjectLarger === higherBetter
          : subjectLarger !== higherBetter;
  if (holds) return null;
  const name = (r: NamedRun) => (r.name ? `\`${r.name}\`` : `the run at line ${r.run.line}`);
  const label = subject.run.metrics[key]?.label ?? key;
  const st = subject.run.metrics[key]?.text ?? String(sv);
  const ot = (object.run.metrics[key] ?? object.run.metrics[b.metric ?? key])?.text ?? String(ov);
  const recomputed = kind === 'ratio' ? sv / ov : (sv / ov - 1) * 100;
  return {
    formula: `${name(subject)} ${st} vs ${name(object)} ${ot} (${label}): the sentence says ${word[1].toLowerCase()}, the runs say the other way round; ${kind === 'ratio' ? `${st} / ${ot}` : `(${st} / ${ot} - 1) x 100`}`,
    recomputed,
  };
}

/**
 * Whether a value stands with the wrong run of its sentence: `the TTFT of A is 180 ms and that of B is 220 ms`, names
 * and values alternating (a run before each value of the unit, one run between two values, none after the last),
 * where the run before this value prints another value of the metric while another run named in the sentence
 * prints this one. `prints(run)` says whether a run prints the stated value; null when the sentence gives no such
 * pair (`0.31 s against 1.07 s on main` names its runs after their values: not read).
 */
export function exchangedValue(
  sentence: string,
  claim: string,
  unit: string,
  runs: readonly NamedRun[],
  prints: (run: NamedRun) => boolean,
  printsMetric: (run: NamedRun) => boolean,
): NamedRun | null {
  const at = sentence.indexOf(claim);
  if (at < 0 || !unit) return null;
  // A value starts where a number starts (never inside a run of digits, which would be tried from each digit).
  const escaped = unit.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const values = [...sentence.matchAll(new RegExp(String.raw`(?<![\d,.])\d[\d,]*(?:\.\d+)?\s*${escaped}(?![A-Za-z])`, 'g'))].map((m) => [
    m.index,
    m.index + m[0].length,
  ]);
  const mine = values.findIndex(([start]) => start <= at && at < start + claim.length);
  if (values.length < 2 || mine < 0) return null;
  // One run in each gap before a value, none after the last.
  const gaps = values.map(([start], i) => sentence.slice(i === 0 ? 0 : values[i - 1][1], start));
  const owners = gaps.map((g) => {
    const m = mentions(g, runs);
    return m.length === 1 && m[0].runs.length === 1 ? m[0].runs[0] : null;
  });
  if (owners.some((o) => !o) || mentions(sentence.slice(values[values.length - 1][1]), runs).length > 0) return null;
  if (new Set(owners).size !== owners.length) return null;
  const owner = owners[mine]!;
  if (prints(owner) || !printsMetric(owner)) return null;
  return owners.some((r) => r !== owner && prints(r!)) ? owner : null;
}
