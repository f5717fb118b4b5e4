// What `perflab check` says besides the JSON document, counted one final report at a time: the exit code, the
// summary's counts, the advice's rule ids and (text format) the findings' lines. A check that lets each page go once
// it is checked (./stream.ts) adds its reports as they finish, in any order; what it prints is sorted by key at the
// end, so it is the same as when every report is held (./check.ts adds them all at once).
import { formatMessage } from '../diagnostics.js';
import { compareText } from '../order.js';
import type { Message } from '../schemas/message.js';
import type { Report } from '../schemas/report.js';

/** Where a finding sorts: by file, line, column and rule id, then in the order the reports and their messages came. */
interface Key {
  file: string;
  line: number;
  column: number;
  ruleId: string;
  /** The report's place in the list of files, then the message's place in its report. */
  page: number;
  at: number;
}

const byKey = (a: Key, b: Key): number =>
  compareText(a.file, b.file) ||
  a.line - b.line ||
  a.column - b.column ||
  compareText(a.ruleId, b.ruleId) ||
  a.page - b.page ||
  a.at - b.at;

export class Tally {
  runs = 0;
  claims = 0;
  verified = 0;
  readonly grades = { consistent: 0, mismatch: 0, untraceable: 0 };
  /** Numbers of the prose that no check judged (`claim-unjudged`), each listed with its reason. */
  unjudged = 0;
  /** Mismatched claims that a comment acknowledges (they are among `acknowledged` findings, not `errors`). */
  mismatchAcknowledged = 0;
  /** Unacknowledged findings by severity. */
  errors = 0;
  warnings = 0;
  acknowledged = 0;
  /** For the advice: each rule id with unacknowledged findings (not info), at its first finding in sorted order. */
  private readonly first = new Map<string, Key>();
  /** Text format: every finding's line with its key; null when no text is wanted. */
  private readonly lines: Array<Key & { text: string }> | null;

  constructor(text: boolean) {
    this.lines = text ? [] : null;
  }

  /** Count one final report, the `page`-th of the list of files. */
  add(report: Report, page: number): void {
    this.runs += report.runs.length;
    for (const c of report.claims) {
      this.claims++;
      if (c.verdict === 'verified') this.verified++;
      else if (c.verdict in this.grades) this.grades[c.verdict as keyof Tally['grades']]++;
      if (c.verdict === 'mismatch' && c.acknowledged) this.mismatchAcknowledged++;
    }
    for (const [at, m] of report.messages.entries()) {
      const key = { file: m.file, line: m.line, column: m.column, ruleId: m.ruleId, page, at };
      if (m.ruleId === 'claim-unjudged') this.unjudged++;
      if (m.acknowledged) this.acknowledged++;
      else if (m.severity === 'error') this.errors++;
      else if (m.severity === 'warning') this.warnings++;
      if (!m.acknowledged && m.severity !== 'info') {
        const known = this.first.get(m.ruleId);
        if (!known || byKey(key, known) < 0) this.first.set(m.ruleId, key);
      }
      this.lines?.push({ ...key, text: formatMessage(m) });
    }
  }

  /** 0 clean, 1 unacknowledged errors. */
  get exitCode(): number {
    return this.errors > 0 ? 1 : 0;
  }

  /** The text format's findings, one line each, sorted by key ('' for none). */
  text(): string {
    return (this.lines ?? [])
      .sort(byKey)
      .map((l) => l.text)
      .join('\n');
  }

  /** The rule ids of the unacknowledged findings, as `adviceFor` reads them, in order of their first finding. */
  adviceMessages(): Array<Pick<Message, 'ruleId' | 'severity'>> {
    return [...this.first.values()].sort(byKey).map((k) => ({ ruleId: k.ruleId, severity: 'error' as const }));
  }

  /** The summary line on stderr (see `summaryLine`). */
  summary(facts: SummaryFacts): string {
    // Grades of claims; a mismatched claim may be acknowledged, which is why "2 mismatched" can stand beside "0 errors".
    const acked = this.mismatchAcknowledged;
    const mismatched = (n: number) =>
      `${n} mismatched${acked === 0 ? '' : acked === n ? ' (all acknowledged)' : ` (${acked} acknowledged)`}`;
    const grades = (['consistent', 'mismatch', 'untraceable'] as const)
      .map((v) => [v, this.grades[v]] as const)
      .filter(([, n]) => n > 0)
      .map(([v, n]) => (v === 'mismatch' ? mismatched(n) : `${n} ${v}`));
    const { files, ignored, bytes, ms, earlier, discarded, helped } = facts;
    const line =
      `${count(files, 'file')}${ignored ? ` (${ignored} ignored by the config)` : ''}, ${count(this.runs, 'run')}, ${this.verified}/${this.claims} claims verified` +
      `${grades.length ? ` (${grades.join(', ')})` : ''}${this.unjudged ? `, ${this.unjudged} not judged` : ''}; ` +
      `${count(this.errors, 'error')}, ${count(this.warnings, 'warning')}, ${this.acknowledged} acknowledged ` +
      `(${(bytes / 1e6).toFixed(2)} MB in ${ms.toFixed(0)} ms, ${(bytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s; ${earlier} of ${files} files parsed earlier` +
      `${discarded ? `; ${discarded} bad cache entries discarded` : ''}` +
      `${helped ? `; ${helped} read and checked by a second thread` : ''})`;
    const said = facts.notes.length ? `${facts.notes.map((n) => `perflab: ${n}`).join('\n')}\n` : '';
    return `${said}${line}`;
  }
}

/** What the summary says besides the counts. */
export interface SummaryFacts {
  files: number;
  ignored: number;
  bytes: number;
  ms: number;
  /** Files whose parse came from the cache (or from memory). */
  earlier: number;
  discarded: number;
  helped: number;
  /** What the listing did not read, and why. */
  notes: readonly string[];
}

/** `1 file`, `2 files`: a count with its noun in agreement. */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
