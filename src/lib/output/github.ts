/**
 * `--format github`: GitHub Actions workflow commands, one line per finding, which GitHub shows as annotations
 * on the pull request's diff: `::error file=F,line=L,col=C,title=RULE::message`.
 */
import type { Message } from '../schemas/message.js';
import { relativePosix } from './paths.js';
import { terminalText } from '../terminal.js';
import { statusOf } from '../diagnostics.js';

const COMMAND: Record<Message['severity'], string> = { error: 'error', warning: 'warning', info: 'notice' };

/**
 * Escape a command's data (the message): `%`, CR and LF, as GitHub's toolkit does; then the other control
 * characters (ESC, C1, bidi) made visible, as on the terminal, so that the log shows no colour or cursor move.
 */
export function escapeData(s: string): string {
  return terminalText(s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}

/** Escape a property value (`file=`, `title=`): the data escapes plus `:` and `,`. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * One workflow command for a message. Acknowledged findings do not fail the build; they are printed as
 * notices with their reason so that they stay visible on the diff.
 */
export function githubLine(m: Message, cwd: string): string {
  const status = statusOf(m);
  const command = status === 'acknowledged' ? 'notice' : COMMAND[status];
  const title = m.acknowledged ? `${m.ruleId} (acknowledged)` : m.ruleId;
  const text = m.acknowledged ? `${m.message} (acknowledged: ${m.acknowledged.reason})` : m.message;
  const props = [
    `file=${escapeProperty(relativePosix(m.file, cwd))}`,
    `line=${m.line}`,
    `col=${m.column}`,
    `title=${escapeProperty(title)}`,
  ];
  return `::${command} ${props.join(',')}::${escapeData(text)}`;
}

/** Every message as a workflow command, in the order given. */
export function formatGithub(messages: readonly Message[], cwd: string): string {
  return messages.map((m) => githubLine(m, cwd)).join('\n');
}
