// One CSV cell, the one escaping of a text for a CSV (runs.csv and the explorer's download, which runs in the
// browser). A spreadsheet may split a line on `,`, `;` or tab (by locale or by guess), and runs a field as a formula
// when it starts with `=`, `+`, `-`, `@` (or tab/CR before one). So:
// - every field holding `,`, `;`, tab, `"` or a line break is quoted (RFC 4180, `"` doubled);
// - a field starting with tab or CR, and every part of it that starts (after blanks) with a formula starter at the
//   start of the field or after any of those separators, gets a leading `'` (`BS=4;=cmd|...` -> `BS=4;'=cmd|...`),
//   the usual defence against formula injection; a plain number (`-0.5`, `+3`) is left as it is.
const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/** The separators a spreadsheet may split on (kept by `split`, at the odd indexes). */
const SEPARATOR = /([,;\t\r\n])/;

/** One part between separators, with a `'` before its formula starter. */
const defuse = (part: string): string => {
  const text = part.trimStart();
  if (!/^[=+\-@]/.test(text) || NUMBER.test(text.trimEnd())) return part;
  return `${part.slice(0, part.length - text.length)}'${text}`;
};

export const cell = (v: unknown): string => {
  let s = v === null || v === undefined ? '' : String(v);
  s = s
    .split(SEPARATOR)
    .map((part, i) => (i % 2 === 0 ? defuse(part) : part))
    .join('');
  if (/^[\t\r]/.test(s)) s = `'${s}`;
  return /[",;\t\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
