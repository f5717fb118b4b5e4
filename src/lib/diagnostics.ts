import type { Message, Severity } from './schemas/message.js';

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

/** `path:line:col  severity  message  rule-id`, the CLI's line format. */
export function formatMessage(m: Message): string {
  const ack = m.acknowledged ? ` (acknowledged: ${m.acknowledged.reason})` : '';
  return `${m.file}:${m.line}:${m.column}  ${m.severity}  ${m.message}${ack}  ${m.ruleId}`;
}
