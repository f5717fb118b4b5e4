/**
 * What the essay kinds read once per page: its runs with their names and sections, and the runs a number in a
 * given place may be about.
 */
import type { PageContext } from '../verify/context.js';
import { mentions, nameRuns, scopeAt, type NamedRun } from './runs.js';

export interface EssayPage {
  runs: NamedRun[];
}

/** The page's runs with names, read once; null when the page has no run to trace numbers to. */
export function namedRunsPage(ctx: PageContext): EssayPage | null {
  return ctx.memo('named-runs-page', () => {
    if (ctx.runs.length === 0) return null;
    const runs = nameRuns(ctx.analysis.linesAbove, ctx.runs, ctx.analysis.report.headings);
    return runs.length > 0 ? { runs } : null;
  });
}

/** The runs of a page that is not in the house layout (an essay, a log), read once; null otherwise or without runs. */
export function essayPage(ctx: PageContext): EssayPage | null {
  return ctx.analysis.report.kind === 'report' ? null : namedRunsPage(ctx);
}

/** Runs of the section at `line`: the innermost section around it that holds runs (the page at worst). */
export function scopeRuns(
  page: EssayPage,
  headings: ReadonlyArray<{ depth: number; text: string; line: number }>,
  line: number,
): NamedRun[] {
  const path = scopeAt(headings, line);
  for (let n = path.length; n >= 0; n--) {
    const within = page.runs.filter((r) => path.slice(0, n).every((h, i) => r.scope[i] === h));
    if (within.length > 0) return within;
  }
  return page.runs;
}

const CONCURRENCY = /(?:concurrency|并发(?:数)?|\bc|\bbs|batch[ -]size)\s*(?:of\s*)?[=:：]?\s*(\d+)/i;

/**
 * Runs named in a text, one entry per mention: a name the section's runs carry means those runs; a name only
 * other sections carry means those; a concurrency in the text (`at concurrency 16`) narrows either.
 */
export function namedIn(text: string, page: EssayPage, scope: readonly NamedRun[]): NamedRun[][] {
  const c = CONCURRENCY.exec(text);
  const want = c ? Number(c[1]) : null;
  return mentions(text, page.runs)
    .map((m) => {
      const inScope = m.runs.filter((r) => scope.includes(r));
      let runs = inScope.length > 0 ? inScope : m.runs;
      if (want !== null && runs.some((r) => r.concurrency === want)) runs = runs.filter((r) => r.concurrency === want);
      return runs;
    })
    .filter((runs) => runs.length > 0);
}

/** `than`, `vs`, `compared to`, `over`, `相比`, `比`: words that introduce the other side of a comparison. */
const AGAINST = /\b(?:than|vs\.?|versus|compared\s+(?:to|with)|relative\s+to|against|over)\b|相比|相较|对比|比/gi;

/**
 * Does the sentence compare with something that is not a run of the page? True when a `than` / `vs` / `相比` is
 * not followed (within a few words) by the name of a run: `faster than HF transformers`.
 */
export function comparesOffPage(text: string, page: EssayPage): boolean {
  const named = mentions(text, page.runs);
  for (const m of text.matchAll(AGAINST)) {
    const end = m.index + m[0].length;
    if (!named.some((n) => n.at >= end && n.at - end <= 12)) return true;
  }
  return false;
}
