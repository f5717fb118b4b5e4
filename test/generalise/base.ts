/**
 * A base page: a real report read once through the pipeline. Its verified claims (hand-checked pages; see
 * test/verify/findings.test.ts) give the generator its known truth: which displayed run values a stated number is
 * computed from. The generator re-renders from those run values, never from a page's own numbers or names.
 */
import { analyze, checkAll, isBlocking } from '../../src/lib/pipeline.js';
import type { Claim } from '../../src/lib/schemas/claim.js';
import type { Message } from '../../src/lib/schemas/message.js';
import type { Report } from '../../src/lib/schemas/report.js';

export interface Base {
  /** Path as the pipeline sees it (relative to the repository). */
  path: string;
  text: string;
  report: Report;
  /** Signatures of every message of the unmutated page (errors, warnings, acknowledged or not). */
  signatures: Map<string, number>;
}

export interface Page {
  path: string;
  text: string;
}

/** Analyse and check pages together (the CLI's pipeline); returns the reports in order. */
export function check(pages: readonly Page[]): Report[] {
  return checkAll(pages.map((p) => analyze(p.text, p.path)));
}

/** A message's identity across variants: rule, severity and text with line references blanked. */
export function signature(m: Message): string {
  const text = m.message.replace(/\b(line|lines|L)\s?\d+/g, '$1 N').replace(/run-L\d+/g, 'run-LN');
  return `${m.ruleId}|${m.severity}|${m.acknowledged ? 'ack' : ''}|${text}`;
}

export function signatures(messages: readonly Message[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of messages) out.set(signature(m), (out.get(signature(m)) ?? 0) + 1);
  return out;
}

export function base(page: Page): Base {
  const [report] = check([page]);
  return { ...page, report, signatures: signatures(report.messages) };
}

/** Messages of a report that the base page does not have (a multiset difference by signature). */
export function newMessages(b: Base, messages: readonly Message[]): Message[] {
  const left = new Map(b.signatures);
  const out: Message[] = [];
  for (const m of messages) {
    const s = signature(m);
    const n = left.get(s) ?? 0;
    if (n > 0) left.set(s, n - 1);
    else out.push(m);
  }
  return out;
}

/** New blocking errors: what would fail CI on a page the generator knows to be as correct as its base. */
export const newErrors = (b: Base, messages: readonly Message[]) => newMessages(b, messages).filter(isBlocking);

/** Claims the base verifies with nothing else said at their line: safe targets with a known truth. */
export function cleanClaims(b: Base, kind?: Claim['kind']): Claim[] {
  const noisy = new Set(b.report.messages.map((m) => m.line));
  return b.report.claims.filter(
    (c) =>
      c.verdict === 'verified' &&
      !c.acknowledged &&
      !noisy.has(c.line) &&
      (!kind || c.kind === kind) &&
      b.text.slice(c.offset, c.end) === c.text,
  );
}

/** The printed value on a run's metric line (`Total Token throughput (tok/s):   6595.66` -> `6595.66`). */
export function valueOnLine(text: string, line: number): string | null {
  const l = text.split('\n')[line - 1] ?? '';
  return /:\s*(-?\d+(?:\.\d+)?)\s*$/.exec(l)?.[1] ?? null;
}
