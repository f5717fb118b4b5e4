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

/** The command as the author wrote it: the fence lines from `line` to the closing fence, dedented. */
export function commandSource(source: string, line: number): string | null {
  const lines = source.split('\n');
  const out: string[] = [];
  for (let i = line - 1; i < lines.length && !/^\s*(```|~~~)/.test(lines[i]); i++) out.push(lines[i].replace(/\s+$/, ''));
  if (out.length === 0) return null;
  const indent = Math.min(...out.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)![0].length));
  return out.map((l) => l.slice(indent)).join('\n').trim();
}
