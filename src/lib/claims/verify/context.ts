import type { Nodes } from 'mdast';
import type { CheckResult } from '../check.js';
import type { Stated } from '../stated.js';
import type { Analysis } from '../../page.js';
import type { Candidate, Caveat, Claim, ClaimKind, ClaimSource, Verdict } from '../../schemas/claim.js';
import type { Run } from '../../schemas/run.js';
import { devicesOf } from '../../model/command.js';
import { SiteTexts } from '../../model/site-text.js';
import { PageValues } from './page-values.js';
import type { RunIndex } from './run-index.js';
import type { Elsewhere } from './run-index.js';
import type { Found } from './sources.js';

/** How sure the page is of a claim's inputs; it grades the verdict of the arithmetic. */
export interface Grade {
  /** An input is a stated number that no run prints: arithmetic that holds is `consistent`, not `verified`. */
  unsourced?: boolean;
  /**
   * The source is not certain (several plausible runs, or one found only by position): arithmetic that fails is
   * `untraceable` with these candidates, never `mismatch`.
   */
  uncertain?: Candidate[];
}

/** What a claim is made of: the stated number (or a relation symbol) with its offset in the text read. */
export type StatedText = Stated | { value: null; claim: string; offset: number };

/**
 * One page being verified, with the other pages for cross-page look-ups. Claim kinds read the page through it;
 * it holds no verdicts of its own except the claims recorded so far (`claims`, in the order they were found),
 * which a kind may consult (`lower than previous +9.75%` names an earlier row).
 */
export class PageContext {
  readonly path: string;
  readonly runs: readonly Run[];
  /** Claims found so far on this page, in the order the kinds found them. */
  readonly claims: Claim[] = [];
  private readonly runById: Map<string, Run>;
  private readonly values: PageValues;
  /** The claim sites' texts (taken when the page was read): all the claims read of the page's text. */
  readonly texts: SiteTexts;
  private readonly memos = new Map<string, unknown>();

  constructor(
    readonly analysis: Analysis,
    private readonly index: RunIndex,
  ) {
    this.path = analysis.report.path;
    this.runs = analysis.report.runs;
    this.runById = new Map(this.runs.map((r) => [r.id, r]));
    this.values = new PageValues(this.path, this.runs);
    this.texts = new SiteTexts(analysis.sites);
  }

  /** The exact source text of a node of a claim site (tags and all), for the claim parsers. */
  text(node: Nodes): string {
    return this.texts.slice(node);
  }

  /** A table cell's source text without its delimiting pipes, and the offset where that text starts. */
  cell(node: Nodes): { text: string; base: number } {
    return this.texts.cell(node);
  }

  /** A value computed once per page (`key` names it), e.g. the essay tables every essay bullet reads. */
  memo<T>(key: string, make: () => T): T {
    if (!this.memos.has(key)) this.memos.set(key, make());
    return this.memos.get(key) as T;
  }

  /** Devices (TP x PP x DP) of the command that produced a run, when the page shows that command. */
  devices(run: Run | undefined): number | undefined {
    const line = run?.context.commandLine;
    const byLine = this.memo('commands-by-line', () => new Map([...this.analysis.commands].reverse().map((c) => [c.line, c])));
    const cmd = line ? byLine.get(line) : undefined;
    return cmd ? devicesOf(cmd).total : undefined;
  }

  /** Requests the page's profile of a run asks for (`total_requests`), when it names one. */
  requested(run: Run): number | undefined {
    const profile = run.context.profile ? this.analysis.profiles.get(run.context.profile) : undefined;
    const n = Number(profile?.total_requests);
    return Number.isFinite(n) && n > 0 ? n : undefined;
  }

  run(id: string): Run | undefined {
    return this.runById.get(id);
  }

  /** Runs on this page whose metric prints as the stated number, in run order. */
  byValue(metric: string, stated: Stated): Found[] {
    return this.values.find(metric, stated.value, stated.decimals);
  }

  /** The first run of another page (in page order) whose metric prints as the stated number: a copied number. */
  elsewhere(metric: string, stated: Stated): Elsewhere | null {
    return this.index.find(metric, stated.value, stated.decimals, this.path, 1)[0] ?? null;
  }

  /**
   * Make a claim. `base` is the source offset of the text the parser read (cell or paragraph start), so the
   * claim's offsets, line and column are exact in the file.
   */
  claim(
    kind: ClaimKind,
    stated: StatedText,
    base: number,
    result: (Pick<CheckResult, 'verdict' | 'recomputed' | 'formula' | 'tolerance'> & { rounding?: boolean }) | null,
    source: ClaimSource | null,
    sources: ClaimSource[] = [],
    grade: Grade = {},
  ): Claim {
    const offset = base + stated.offset;
    const end = 'end' in stated ? base + stated.end : offset + stated.claim.length;
    const point = this.texts.point(offset);
    const line = point?.line ?? 1;
    const column = point?.column ?? 1;
    let verdict: Verdict = result ? result.verdict : 'untraceable';
    if (verdict === 'verified' && grade.unsourced) verdict = 'consistent';
    const uncertain = (verdict === 'mismatch' || verdict === 'untraceable') && grade.uncertain !== undefined;
    if (uncertain) verdict = 'untraceable';
    const recomputed = result && !uncertain && Number.isFinite(result.recomputed) ? result.recomputed : null;
    return {
      id: `claim-L${line}-C${column}`,
      line,
      column,
      offset,
      end,
      kind,
      text: stated.claim,
      stated: stated.value,
      recomputed,
      verdict,
      formula: uncertain ? null : (result?.formula ?? null),
      tolerance: uncertain ? null : (result?.tolerance ?? null),
      source: uncertain ? null : source,
      sources: uncertain ? [] : sources,
      acknowledged: null,
      rounding: verdict === 'mismatch' && (result?.rounding ?? false),
      caveats: caveatsOf(
        [source, ...sources].map((s) => (s?.path === this.path && s.runId ? this.run(s.runId) : undefined)),
        (run) => this.requested(run),
      ),
      candidates: uncertain ? (grade.uncertain ?? []) : [],
    };
  }
}

/**
 * Caveats of the runs behind a claim: a run that completed fewer requests than requested (successful <
 * successful + failed, or < the profile's requests when the page names them), and compared runs that served
 * different request counts or input-token totals (more than 1 % apart).
 */
export function caveatsOf(runs: ReadonlyArray<Run | undefined>, requested: (run: Run) => number | undefined = () => undefined): Caveat[] {
  const out: Caveat[] = [];
  const seen = new Set<string>();
  const distinct = runs.filter((r): r is Run => !!r && !seen.has(r.id) && !!seen.add(r.id));
  for (const run of distinct) {
    const ok = run.metrics.successful_requests?.value;
    const failed = run.metrics.failed_requests?.value;
    const asked = requested(run) ?? (typeof failed === 'number' && failed > 0 && typeof ok === 'number' ? ok + failed : undefined);
    if (typeof ok === 'number' && asked !== undefined && ok < asked) {
      const rate = ((ok / asked) * 100).toFixed(1);
      out.push({
        kind: 'low-success-rate',
        note: `the run at line ${run.line} completed ${ok} of ${asked} requests (${rate}%)`,
        line: run.metrics.successful_requests?.line ?? run.line,
      });
    }
  }
  const [a, b] = distinct;
  if (a && b) {
    const differs = (metric: string, slack: number) => {
      const x = a.metrics[metric]?.value;
      const y = b.metrics[metric]?.value;
      return typeof x === 'number' && typeof y === 'number' && Math.abs(x - y) > slack * Math.max(Math.abs(x), Math.abs(y));
    };
    const what = [
      differs('successful_requests', 0) ? 'request counts' : null,
      differs('total_input_tokens', 0.01) ? 'input tokens' : null,
    ].filter((w): w is string => !!w);
    if (what.length > 0) {
      const show = (r: Run, m: string) => r.metrics[m]?.text ?? '?';
      out.push({
        kind: 'unequal-workload',
        note: `the compared runs at lines ${a.line} and ${b.line} differ in ${what.join(' and ')} (requests ${show(a, 'successful_requests')} vs ${show(b, 'successful_requests')}, input tokens ${show(a, 'total_input_tokens')} vs ${show(b, 'total_input_tokens')})`,
        line: b.line,
      });
    }
  }
  return out;
}
