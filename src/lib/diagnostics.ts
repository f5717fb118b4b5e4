import type { VFile } from 'vfile';
import type { VFileMessage } from 'vfile-message';
import type { Message, Severity } from './schemas/message.js';
import { messageText } from './own-strings.js';
import { terminalText } from './terminal.js';

/** A message before it is tied to a file and before configuration sets its final severity. */
export type Draft = Omit<Message, 'file' | 'severity' | 'acknowledged'> & {
  /** The rule's default severity. */
  severity: Severity;
};

/** Build a draft; `place` is any object with 1-based `line` and `column`. */
export function draft(
  ruleId: string,
  severity: Severity,
  place: { line: number; column: number },
  message: string,
  extra: Pick<Draft, 'expected' | 'actual' | 'cause'> = {},
): Draft {
  return { ruleId, severity, line: place.line, column: place.column, message, ...extra };
}

/** Namespace of every message perflab reports (`VFileMessage.source`). */
export const MESSAGE_SOURCE = 'perflab';

/** The second place of a finding (the raw run line behind a claim, the heading an entry should match), as a `cause`. */
export class PlaceCause extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly note?: string,
  ) {
    super(note ?? `${file}:${line}`);
    this.name = 'PlaceCause';
  }
}

/** What a finding compares: the expected and the actual value, and the second place involved. */
export type Details = Pick<Draft, 'expected' | 'actual' | 'cause'>;

/**
 * Report a finding on a page's file: `file.message(reason, { place, ruleId, source })` with the severity as
 * vfile's `fatal` (error true, warning false, info undefined) and `expected`, `actual`, `cause` on the message.
 */
export function emit(
  file: VFile,
  ruleId: string,
  severity: Severity,
  place: { line: number; column: number },
  reason: string,
  details: Details = {},
): VFileMessage {
  const cause = details.cause ? new PlaceCause(details.cause.file, details.cause.line, details.cause.note) : undefined;
  const m = file.message(reason, { place: { line: place.line, column: place.column }, ruleId, source: MESSAGE_SOURCE, cause });
  m.fatal = severity === 'error' ? true : severity === 'warning' ? false : undefined;
  if (details.expected !== undefined) m.expected = [details.expected];
  if (details.actual !== undefined) m.actual = details.actual;
  return m;
}

/** The severity a vfile message carries (`fatal`). */
export function severityOf(m: VFileMessage): Severity {
  return m.fatal === true ? 'error' : m.fatal === false ? 'warning' : 'info';
}

/** The one conversion from a vfile message to perflab's `Message` (`schemas/message.ts`). */
export function toMessage(m: VFileMessage, file: string): Message {
  const out: Message = {
    file,
    line: m.line ?? 1,
    column: m.column ?? 1,
    ruleId: m.ruleId ?? 'rule-internal-error',
    severity: severityOf(m),
    message: messageText(m.reason),
  };
  if (m.expected !== undefined) out.expected = messageText(m.expected.join(' or '));
  if (m.actual !== undefined) out.actual = messageText(m.actual);
  if (m.cause instanceof PlaceCause) {
    out.cause =
      m.cause.note === undefined
        ? { file: m.cause.file, line: m.cause.line }
        : { file: m.cause.file, line: m.cause.line, note: m.cause.note };
  }
  return out;
}

/**
 * `path:line:col  status  message  rule-id` (status: the severity, or `acknowledged` with the reason after the
 * message), the CLI's and the build log's line format: always one line, its
 * control characters made visible (`terminalText`), so that no content can start a line of its own.
 */
export function formatMessage(m: Message): string {
  const reason = m.acknowledged ? ` (reason: ${m.acknowledged.reason})` : '';
  return terminalText(`${m.file}:${m.line}:${m.column}  ${statusOf(m)}  ${m.message}${reason}  ${m.ruleId}`);
}

/**
 * The one status of a finding in every output: `acknowledged` when a comment accepts it (it fails nothing, whatever
 * its severity), else its severity. The text format and `--quiet` print it; github and SARIF map it.
 */
export function statusOf(m: Pick<Message, 'severity' | 'acknowledged'>): Severity | 'acknowledged' {
  return m.acknowledged ? 'acknowledged' : m.severity;
}
