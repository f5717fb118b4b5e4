import type { CheckResult } from '../claims/check.js';
import type { Stated } from '../claims/stated.js';
import type { Analysis } from '../page.js';
import type { Claim, ClaimKind, ClaimSource } from '../schemas/claim.js';
import type { Run } from '../schemas/run.js';
import { devicesOf } from '../model/command.js';
import { Locator } from './locate.js';
import type { RunIndex } from './run-index.js';
import { findByValue, type Found } from './sources.js';

/** One page being verified, with the other pages for cross-page look-ups. */
export class PageContext {
  readonly path: string;
  readonly runs: readonly Run[];
  readonly locator: Locator;
  readonly claims: Claim[] = [];

  constructor(
    readonly analysis: Analysis,
    private readonly index: RunIndex,
  ) {
    this.path = analysis.report.path;
    this.runs = analysis.report.runs;
    this.locator = new Locator(analysis.source);
  }

  /** Devices (TP x PP x DP) of the command that produced a run, when the page shows that command. */
  devices(run: Run | undefined): number | undefined {
    const line = run?.context.commandLine;
    const cmd = line ? this.analysis.commands.find((c) => c.line === line) : undefined;
    return cmd ? devicesOf(cmd).total : undefined;
  }

  run(id: string): Run | undefined {
    return this.runs.find((r) => r.id === id);
  }

  /** Runs on this page whose metric prints as the stated number. */
  byValue(metric: string, stated: Stated): Found[] {
    return findByValue(this.path, this.runs, metric, stated.value, stated.decimals);
  }

  /** The same look-up over every other page (a number copied from another report). */
  elsewhere(metric: string, stated: Stated): Found[] {
    return this.index.find(metric, stated.value, stated.decimals, this.path);
  }

  /**
   * Record a claim. `base` is the source offset of the text the parser read (cell or paragraph start), so
   * the claim's line and column are exact in the file.
   */
  add(
    kind: ClaimKind,
    stated: Stated | { value: number | null; claim: string; offset: number },
    base: number,
    result: Pick<CheckResult, 'verdict' | 'recomputed' | 'formula' | 'tolerance'> | null,
    source: ClaimSource | null,
    sources: ClaimSource[] = [],
  ): Claim {
    const { line, column } = this.locator.at(base + stated.offset);
    const claim: Claim = {
      id: `claim-L${line}-C${column}`,
      line,
      column,
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
    this.claims.push(claim);
    return claim;
  }
}
