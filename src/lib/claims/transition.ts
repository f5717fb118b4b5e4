/**
 * P3/P4 transitions: `Result: Throughput improved from 6095.37 tok/s to 6325.41 tok/s by enabling ...`,
 * `Result: TP2 improves throughput from 6325.41 tok/s to 16042.19 tok/s, achieving 26.8% higher token
 * throughput per GPU.` The GPU count of a per-GPU claim is read from a `TPn`/`DPn`/`EPn`/`PPn` subject.
 */
import { visibleText } from './html.js';
import { statedGroup } from './match.js';
import { NUM, type Stated } from './stated.js';

const NUMBER_AT = new RegExp(NUM, 'y');

/**
 * Offset of the first number followed (after blanks) by `%` in `text`, or -1. Numbers are read as tokens from
 * left to right, each once, so the scan is linear (a regex search retried from every digit is quadratic).
 */
export function percentAt(text: string): number {
  for (let i = 0; i < text.length;) {
    const c = text[i];
    if (!((c >= '0' && c <= '9') || c === '+' || c === '-')) {
      i++;
      continue;
    }
    NUMBER_AT.lastIndex = i;
    const m = NUMBER_AT.exec(text);
    if (!m || m[0].length === 0) {
      i++;
      continue;
    }
    let j = i + m[0].length;
    while (j < text.length && /\s/.test(text[j])) j++;
    if (text[j] === '%') return i;
    i += m[0].length;
  }
  return -1;
}

export interface Transition {
  /** The verb as written (`improved`, `improves`, `decreased`). */
  verb: string;
  from: Stated;
  to: Stated;
  /** `achieving P% higher ...`, with `perGpu` when the sentence says per GPU. */
  percent: Stated | null;
  /** GPU count from a parallelism subject (`TP2` -> 2), for per-GPU claims. */
  gpus: number | null;
}

const VERBS = String.raw`improved|improves|increased|increases|decreased|decreases|dropped|drops|rose|rises|fell|falls|reduced|reduces`;
const TRANSITION = new RegExp(
  String.raw`\b(${VERBS})\s+(?:the\s+)?(?:(?:token\s+)?throughput\s+|latency\s+)?from\s+(${NUM})\s*(tok/s|s|ms)?\s+to\s+(${NUM})\s*(tok/s|s|ms)?`,
  'dgi',
);
const PERCENT = new RegExp(String.raw`(${NUM})\s*(%)\s+(?:higher|lower|more|less|better|worse|faster|slower)\b([^.;]*)`, 'dy');
const PARALLEL = /\b(?:TP|DP|EP|PP)\s*=?\s*(\d+)\b/i;

/** Every transition in a paragraph. */
export function parseTransitions(raw: string): Transition[] {
  const v = visibleText(raw);
  const out: Transition[] = [];
  for (const m of v.text.matchAll(TRANSITION)) {
    const from = statedGroup(v, m, 'value', 2, m[3] ?? '');
    const to = statedGroup(v, m, 'value', 4, m[5] ?? m[3] ?? '');
    if (!from || !to) continue;
    // The percent belongs to this transition when it follows in the same sentence.
    const end = m.index! + m[0].length;
    const tail = v.text.slice(end);
    const stop = tail.search(/[.;](\s|$)/);
    const sentence = stop === -1 ? tail : tail.slice(0, stop);
    // No `%` in the sentence: no percent to look for (and no rescan of long digit runs from every digit).
    const pctAt = sentence.includes('%') ? percentAt(sentence) : -1;
    let percent: Stated | null = null;
    if (pctAt !== -1) {
      PERCENT.lastIndex = end + pctAt;
      const p = PERCENT.exec(v.text);
      if (p) {
        const perGpu = /per\s+GPU/i.test(p[3]);
        percent = statedGroup(v, p, 'percent', 1, '%', 2, perGpu ? { perGpu } : {});
      }
    }
    const subject = v.text.slice(0, m.index);
    const gpus = PARALLEL.exec(subject.slice(subject.lastIndexOf('.') + 1));
    out.push({ verb: m[1], from, to, percent, gpus: gpus ? Number(gpus[1]) : null });
  }
  return out;
}
