// `runs.csv`: one row per run, one column per metric (union over all runs), RFC 4180 quoting. A text cell that a
// spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or CR) gets a leading `'`, the usual
// defence against formula injection; plain numbers (`-0.5`, `+3`) are left as they are.
import type { Entry } from './entry.js';

const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

export const cell = (v: unknown): string => {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s) && !NUMBER.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function runsCsv(entries: readonly Entry[]): string {
  const metrics = [...new Set(entries.flatMap((e) => e.runs.flatMap((r) => Object.keys(r.metrics))))].sort();
  const head = ['report', 'run_id', 'line', 'format', 'label', 'engine', 'model', 'variant', 'profile', 'side', 'failed', 'error', 'fingerprint', ...metrics];
  const rows = entries.flatMap((e) =>
    e.runs.map((r) => [
      e.slug, r.id, r.line, r.format, r.label, r.context.engine, r.context.model, r.context.variant, r.context.profile, r.context.side,
      r.failed, r.error, r.fingerprint,
      ...metrics.map((m) => r.metrics[m]?.text ?? ''),
    ]),
  );
  return [head, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
