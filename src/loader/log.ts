// Diagnostics in the CLI's line format (`path:line:col  severity  message  rule-id`), then a one-line summary. Every
// line the loader logs goes through `terminalText` (see `escapedLogger`): a file name, a title or a message from
// content never starts a log line of its own (`::error ...` in a CI log) nor sends ESC to the terminal.
import type { AstroIntegrationLogger } from 'astro';
import { formatMessage } from '../lib/diagnostics.js';
import { terminalText } from '../lib/terminal.js';
import { isBlocking } from '../lib/pipeline.js';
import { rules } from '../lib/rules/index.js';
import type { Claim } from '../lib/schemas/claim.js';
import type { ListedEntry, SiteData } from '../lib/site/entry.js';

/** What an entry's log is made from. */
export type LogSource = Pick<ListedEntry, 'messages'> & {
  claims: readonly Pick<Claim, 'verdict'>[];
  site: Pick<SiteData, 'sourcePath' | 'problems'>;
};

type Level = 'error' | 'warn' | 'debug';

/**
 * What the log keeps of an entry until the load ends: its lines, written when the page is checked, and its counts.
 * A load keeps this for every page; as message objects it took about 20 KB a bench page, as lines a few.
 */
export interface LoggedEntry {
  /** The lines to print, in order, each with its level. */
  lines: Array<{ level: Level; text: string }>;
  claims: number;
  verified: number;
  /** The rule id of each unacknowledged error, for the kinds the build's stop names. */
  errorRules: string[];
  /** Checked in this load (not an entry kept from an earlier one). */
  fresh?: boolean;
}

/** An entry's log lines and counts (see `logDiagnostics`). */
export function logEntry(entry: LogSource): LoggedEntry {
  const lines: LoggedEntry['lines'] = [];
  for (const m of entry.messages) {
    const level: Level = isBlocking(m) ? 'error' : m.severity === 'info' || m.acknowledged ? 'debug' : 'warn';
    lines.push({ level, text: formatMessage({ ...m, file: entry.site.sourcePath }) });
  }
  // The pipeline usually reports the same place already (missing image, unresolved link): say it once.
  const places = new Set(entry.messages.map((m) => `${m.line}:${m.column}`));
  for (const p of entry.site.problems.filter((p) => !places.has(`${p.line}:${p.column}`))) {
    lines.push({ level: 'warn', text: `${entry.site.sourcePath}:${p.line}:${p.column}  warning  ${p.message}  ${p.ruleId}` });
  }
  return {
    lines,
    claims: entry.claims.length,
    verified: entry.claims.filter((c) => c.verdict === 'verified').length,
    errorRules: entry.messages.filter(isBlocking).map((m) => m.ruleId),
  };
}

const ruleText = new Map(rules.map((r) => [r.id, r.description.replace(/\.$/, '')]));

/**
 * The kinds of the unacknowledged errors, most first, each with its count and what its rule checks:
 * `3 claim-mismatch (a stated number does not match ...), 1 parallelism-exceeds-hardware (...)`.
 */
export function errorKinds(entries: readonly Pick<LoggedEntry, 'errorRules'>[]): string {
  const counts = new Map<string, number>();
  for (const e of entries) for (const id of e.errorRules) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([id, n]) => {
      const what = ruleText.get(id);
      return `${n} ${id}${what ? ` (${what.charAt(0).toLowerCase()}${what.slice(1)})` : ''}`;
    })
    .join(', ');
}

/** The levels the loader logs at. */
export type LineLogger = Pick<AstroIntegrationLogger, 'info' | 'warn' | 'error' | 'debug'>;

/** A logger whose every line has its control characters made visible (`terminalText`). */
export function escapedLogger(logger: LineLogger): LineLogger {
  return {
    info: (message) => logger.info(terminalText(message)),
    warn: (message) => logger.warn(terminalText(message)),
    error: (message) => logger.error(terminalText(message)),
    debug: (message) => logger.debug(terminalText(message)),
  };
}

/**
 * Logs every message and renderer problem, then a summary; returns the number of unacknowledged errors. With
 * `repeat` false, the lines of entries that are not `fresh` are counted in the summary but not printed again.
 */
export function logDiagnostics(unescaped: LineLogger, entries: readonly LoggedEntry[], repeat = true): number {
  const logger = escapedLogger(unescaped);
  let blocking = 0;
  let warnings = 0;
  let unprinted = 0;
  for (const entry of entries) {
    const print = repeat || entry.fresh === true;
    for (const { level, text } of entry.lines) {
      if (level === 'error') blocking++;
      if (level === 'warn') warnings++;
      if (!print) unprinted += level === 'debug' ? 0 : 1;
      else logger[level](text);
    }
  }
  const claims = entries.reduce((n, e) => n + e.claims, 0);
  const verified = entries.reduce((n, e) => n + e.verified, 0);
  const rest = unprinted > 0 ? ` (${unprinted} of them on unchanged reports, listed before and not repeated)` : '';
  logger.info(`${entries.length} reports, ${verified}/${claims} numbers verified; ${blocking} errors, ${warnings} warnings${rest}`);
  return blocking;
}
