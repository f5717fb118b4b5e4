// The one escaping function for a line of terminal or log output (the CLI's findings, `--quiet`, `--claims`,
// `--fix`'s report, the build log of the Astro loader, config and usage errors on stderr). Content is hostile: a
// raw line break would let it start a line of its own (`::error file=...` read by CI as a workflow command, a
// fake finding), and ESC, CR, the other C0 and C1 controls and the bidi controls can move the cursor, erase
// earlier lines or reorder what a reader sees. Every such character is made visible instead.

/**
 * The characters made visible, as a character class body (shared with the other sinks' escaping): C0 controls
 * and DEL, C1 controls, the line and paragraph separators (U+2028, U+2029, which some viewers break
 * lines at) and the bidi controls (U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069).
 */
export const CONTROL_CHARS = '\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
const CONTROL = new RegExp(`[${CONTROL_CHARS}]`, 'g');
/** Whether a text holds one of them. */
export const HAS_CONTROL = new RegExp(`[${CONTROL_CHARS}]`);
/** Runs of blanks, line breaks and control characters (llms.txt makes each one space). */
export const BLANK_RUNS = new RegExp(`[${CONTROL_CHARS}\\s]+`, 'g');

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };

const visible = (c: string): string => {
  const named = NAMED[c];
  if (named) return named;
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
};

/**
 * `text` as one line a terminal or a log shows as it is: every control character written as a visible escape
 * (`\n`, `\r`, `\t`, `\e`, `\x07`, `\u{202e}`), so that nothing in it can start a line or move the cursor.
 */
export function terminalText(text: string): string {
  return text.replace(CONTROL, visible);
}

/** Each line of a multi-line text (lines the program itself joined with `\n`) made safe, the breaks kept. */
export function terminalLines(text: string): string {
  return text
    .split('\n')
    .map((l) => terminalText(l))
    .join('\n');
}
