// Shell highlighting for commands shown outside the report body (same grammar as the renderer).
import { toHtml } from 'hast-util-to-html';
import { common, createLowlight } from 'lowlight';

const lowlight = createLowlight({ bash: common.bash });

export function lowlightBash(code: string): string {
  return toHtml(lowlight.highlight('bash', code));
}

/** `a --b c --d e` -> one flag per line with `\` continuations, as the reports write commands. */
export function multiline(command: string): string {
  return command.replace(/\s+(?=--[a-zA-Z])/g, ' \\\n  ');
}
