// Shell highlighting for commands shown outside the report body (same grammar as the renderer).
import { toHtml } from 'hast-util-to-html';
import { common, createLowlight } from 'lowlight';
import { location } from 'vfile-location';

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

/** The command as the author wrote it: the fence lines from `line` to the closing fence, dedented. */
export function commandSource(source: string, line: number): string | null {
  const start = location(source).toOffset({ line, column: 1 });
  if (start === undefined) return null;
  const out: string[] = [];
  // Only the command's own lines are read (quoted), not the whole page.
  for (let at = start; at < source.length;) {
    const eol = source.indexOf('\n', at);
    const text = source.slice(at, eol < 0 ? source.length : eol);
    if (/^\s*(```|~~~)/.test(text)) break;
    out.push(text.trimEnd());
    if (eol < 0) break;
    at = eol + 1;
  }
  if (out.length === 0) return null;
  const indent = Math.min(...out.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)![0].length));
  return out
    .map((l) => l.slice(indent))
    .join('\n')
    .trim();
}
