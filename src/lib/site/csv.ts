// `runs.csv`: one row per run, one column per metric (union over all runs), RFC 4180 quoting.
import type { Entry } from './entry.js';

const cell = (v: unknown): string => {
  const s = v === null || v === undefined ? '' : String(v);
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
