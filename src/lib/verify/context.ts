import type { Nodes } from 'mdast';
import { location } from 'vfile-location';
import type { CheckResult } from '../claims/check.js';
import type { Stated } from '../claims/stated.js';
import type { Analysis } from '../page.js';
import type { Claim, ClaimKind, ClaimSource } from '../schemas/claim.js';
import type { Run } from '../schemas/run.js';
import { devicesOf } from '../model/command.js';
import { sourceOf } from '../model/text.js';
import { PageValues } from './page-values.js';
import type { RunIndex } from './run-index.js';
import type { Found } from './sources.js';

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
  private readonly place: ReturnType<typeof location>;
  private readonly memos = new Map<string, unknown>();

  constructor(
    readonly analysis: Analysis,
    private readonly index: RunIndex,
  ) {
    this.path = analysis.report.path;
    this.runs = analysis.report.runs;
    this.runById = new Map(this.runs.map((r) => [r.id, r]));
    this.values = new PageValues(this.path, this.runs);
    this.place = location(analysis.source);
  }

  /** The exact source text of a node (tags and all), for the claim parsers. */
  text(node: Nodes): string {
    return sourceOf(this.analysis.source, node);
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

  run(id: string): Run | undefined {
    return this.runById.get(id);
  }

  /** Runs on this page whose metric prints as the stated number, in run order. */
  byValue(metric: string, stated: Stated): Found[] {
    return this.values.find(metric, stated.value, stated.decimals);
  }

  /** The same look-up over every other page (a number copied from another report). */
  elsewhere(metric: string, stated: Stated): Found[] {
    return this.index.find(metric, stated.value, stated.decimals, this.path);
  }

  /**
   * Make a claim. `base` is the source offset of the text the parser read (cell or paragraph start), so the
   * claim's offsets, line and column are exact in the file.
   */
  claim(
    kind: ClaimKind,
    stated: StatedText,
    base: number,
    result: Pick<CheckResult, 'verdict' | 'recomputed' | 'formula' | 'tolerance'> | null,
    source: ClaimSource | null,
    sources: ClaimSource[] = [],
  ): Claim {
    const offset = base + stated.offset;
    const end = 'end' in stated ? base + stated.end : offset + stated.claim.length;
    const point = this.place.toPoint(offset);
    const line = point?.line ?? 1;
    const column = point?.column ?? 1;
    return {
      id: `claim-L${line}-C${column}`,
      line,
      column,
      offset,
      end,
      kind,
      text: stated.claim,
      stated: stated.value,
      recomputed: result && Number.isFinite(result.recomputed) ? result.recomputed : null,
      verdict: result ? result.verdict : 'untraceable',
      formula: result?.formula ?? null,
      tolerance: result?.tolerance ?? null,
      source,
      sources,
      acknowledged: null,
    };
  }
}
