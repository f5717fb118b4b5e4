// Diagnostics in the CLI's line format (`path:line:col  severity  message  rule-id`), then a one-line summary. Every
// line the loader logs goes through `terminalText` (see `escapedLogger`): a file name, a title or a message from
// content never starts a log line of its own (`::error ...` in a CI log) nor sends ESC to the terminal.
import type { AstroIntegrationLogger } from 'astro';
import { formatMessage } from '../lib/diagnostics.js';
import { terminalText } from '../lib/terminal.js';
import { isBlocking } from '../lib/pipeline.js';
import type { Claim } from '../lib/schemas/claim.js';
import type { ListedEntry, SiteData } from '../lib/site/entry.js';

/** What the log reads of an entry. */
export type LoggedEntry = Pick<ListedEntry, 'messages'> & {
  claims: readonly Pick<Claim, 'verdict'>[];
  site: Pick<SiteData, 'sourcePath' | 'problems'>;
  /** Checked in this load (not an entry kept from an earlier one). */
  fresh?: boolean;
};

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
    for (const m of entry.messages) {
      const level = isBlocking(m) ? 'error' : m.severity === 'info' || m.acknowledged ? 'debug' : 'warn';
      if (level === 'error') blocking++;
      if (level === 'warn') warnings++;
      if (!print) unprinted += level === 'debug' ? 0 : 1;
      else logger[level](formatMessage({ ...m, file: entry.site.sourcePath }));
    }
    // The pipeline usually reports the same place already (missing image, unresolved link): say it once.
    const places = new Set(entry.messages.map((m) => `${m.line}:${m.column}`));
    for (const p of entry.site.problems.filter((p) => !places.has(`${p.line}:${p.column}`))) {
      warnings++;
      if (!print) unprinted++;
      else logger.warn(`${entry.site.sourcePath}:${p.line}:${p.column}  warning  ${p.message}  ${p.ruleId}`);
    }
  }
  const claims = entries.flatMap((e) => e.claims);
  const verified = claims.filter((c) => c.verdict === 'verified').length;
  const rest = unprinted > 0 ? ` (${unprinted} of them on unchanged reports, listed before and not repeated)` : '';
  logger.info(`${entries.length} reports, ${verified}/${claims.length} numbers verified; ${blocking} errors, ${warnings} warnings${rest}`);
  return blocking;
}
