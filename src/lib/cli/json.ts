import { ruleDocsUrl, type Config } from '../config.js';
import type { Report } from '../schemas/report.js';

/**
 * The stable JSON document of `perflab check --format json`. Other tools consume it: add fields, never rename.
 * `line` of a run is where its result block starts; metric values are numbers (`null` for `N/A`, text
 * values and `inf`, whose printed form is in `text`). Each message has `docsUrl`, its rule's section of the rules
 * page (`docsUrl` of the config, else `docs/rules.md` relative to the repository's root).
 */
export function toJson(reports: readonly Report[], config: Pick<Config, 'docsUrl'> = {}) {
  return {
    files: reports.map((r) => ({
      path: r.path,
      runs: r.runs.map((run) => ({
        line: run.line,
        format: run.format,
        label: run.label,
        failed: run.failed,
        metrics: Object.fromEntries(
          Object.entries(run.metrics).map(([name, m]) => [
            name,
            { value: Number.isFinite(m.value) ? m.value : null, text: m.text, unit: m.unit, line: m.line },
          ]),
        ),
        setup: run.setup,
      })),
      claims: r.claims.map((c) => ({
        line: c.line,
        column: c.column,
        kind: c.kind,
        text: c.text,
        stated: c.stated,
        recomputed: c.recomputed,
        verdict: c.verdict,
        formula: c.formula,
        tolerance: c.tolerance,
        source: c.source ? { path: c.source.path, line: c.source.line, metric: c.source.metric } : null,
        acknowledged: c.acknowledged,
        ...(c.rounding ? { rounding: true } : {}),
        ...(c.caveats?.length ? { caveats: c.caveats } : {}),
        ...(c.candidates?.length
          ? {
              candidates: c.candidates.map((k) => ({
                line: k.source.line,
                metric: k.source.metric,
                evidence: k.evidence,
                recomputed: k.recomputed,
              })),
            }
          : {}),
      })),
      messages: r.messages.map((m) => ({
        line: m.line,
        column: m.column,
        ruleId: m.ruleId,
        severity: m.severity,
        message: m.message,
        ...(m.expected !== undefined ? { expected: m.expected } : {}),
        ...(m.actual !== undefined ? { actual: m.actual } : {}),
        ...(m.acknowledged ? { acknowledged: m.acknowledged } : {}),
        docsUrl: ruleDocsUrl(m.ruleId, config),
      })),
    })),
  };
}
