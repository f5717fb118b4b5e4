// Shell highlighting for commands shown outside the report body (same grammar as the renderer).
import { toHtml } from 'hast-util-to-html';
import { common, createLowlight } from 'lowlight';

const lowlight = createLowlight({ bash: common.bash });

export function lowlightBash(code: string): string {
  return toHtml(lowlight.highlight('bash', code));
}

/** `a --b c --d e` -> one flag per line with `\` continuations, as the reports write commands. */
export function multiline(command: string): string {
  // Each blank run is matched once (no lookahead retried from every blank: linear on long runs of blanks).
  return command.replace(/\s+/g, (blanks: string, at: number) =>
    /^--[a-zA-Z]/.test(command.slice(at + blanks.length, at + blanks.length + 3)) ? ' \\\n  ' : blanks,
  );
}
