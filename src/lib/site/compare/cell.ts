// One CSV cell (RFC 4180 quoting). A text cell that a spreadsheet would run as a formula (starting with `=`, `+`,
// `-`, `@`, tab or CR) gets a leading `'`, the usual defence against formula injection; plain numbers (`-0.5`,
// `+3`) are left as they are. Shared by runs.csv and the explorer's download (which runs in the browser).
const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

export const cell = (v: unknown): string => {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s) && !NUMBER.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
