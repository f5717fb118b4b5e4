/**
 * `assertion-without-evidence` (warning): A summary or conclusion row asserts `Not supported`, `crash`, `not adopted` or `-` with no experiment or failed run behind it.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#assertion-without-evidence shows them.
 */
import { emit } from '../diagnostics.js';
import type { Report } from '../schemas/report.js';
import type { Rule } from './types.js';

const page = (option: string) => `# Optimizing Demo-8B Throughput on NVIDIA H100 GPUs

## Experiment Results

### 1. Attention Backend in vLLM

FlashInfer
??? info "Serving script"
    \`\`\`bash
    vllm serve Demo/Demo-8B --attention-backend FLASHINFER
    \`\`\`

??? info "Benchmark result"
    \`\`\`
    # Crash. FlashInfer not supported on this GPU
    \`\`\`

### Summary of Optimization Options

| Optimization Option | Improvement |
|---|---|
| ${option} | Not supported |
`;

/** A cell that asserts an outcome without a number: a dash, or a failure or rejection in words. */
const ASSERTION_WORDS = /\bnot supported\b|\bcrash(?:ed|es)?\b|\bnot adopted\b/i;
/** A cell that is only a dash (hyphen, en or em dash), blanks aside. */
const DASH = /^[-\u2013\u2014]$/;
const ASSERTION = { test: (text: string): boolean => DASH.test(text.trim()) || ASSERTION_WORDS.test(text) };

/** Words that name no option (engines included): an experiment sharing only these is not the row's. */
const GENERIC = new Set(
  'a an and as at by for from in into of on or the to vs with without using use option options optimization optimizations tuning choosing selection result results case cases benchmark vllm sglang tensorrt trt llm trtllm mindie lmdeploy engine'.split(
    ' ',
  ),
);

/**
 * A row of "Summary of Optimization Options" (or of the conclusion table) that asserts an outcome instead of a
 * number, `Not supported`, `crash`, `not adopted` or a bare `-`, with nothing on the page behind it: no
 * experiment whose heading or variant labels share a word with the row's option, and no failed run (an error
 * stub) whose label, section or error shares one. Such a row states a result the page never shows.
 */
export const assertionWithoutEvidence: Rule = {
  id: 'assertion-without-evidence',
  severity: 'warning',
  description:
    'A summary or conclusion row asserts `Not supported`, `crash`, `not adopted` or `-` with no experiment or failed run behind it.',
  fix: 'Add the experiment (its serving script and its result or error) that the row reports, or remove the row.',
  examples: { ok: page('Attention Backend'), notOk: page('Speculative Decoding') },
  check({ report, file }) {
    const evidence = evidenceOf(report);
    const rows = [
      ...report.summary.map((r) => ({ line: r.line, cells: r.cells })),
      ...report.conclusion.map((r) => ({ line: r.line, cells: [r.case, r.baseline.text, r.optimized.text] })),
    ];
    for (const row of rows) {
      const asserted = row.cells.filter((c) => ASSERTION.test(c));
      if (asserted.length === 0) continue;
      const name = row.cells.filter((c) => !ASSERTION.test(c) && !/\d/.test(c));
      const words = wordsOf(name.join(' '));
      // A row naming nothing cannot be traced either way (the claim verification reports untraceable rows).
      if (words.size === 0) continue;
      if (evidence.some((e) => [...words].some((w) => e.has(w)))) continue;
      emit(
        file,
        'assertion-without-evidence',
        'warning',
        { line: row.line, column: 1 },
        `Unexpected \`${asserted[0].trim()}\` for \`${name.join(' / ')}\`: no experiment or failed run on the page shows it`,
        { expected: 'an experiment or a failed run behind the row', actual: 'none on the page' },
      );
    }
  },
};

/** The words of each experiment (heading and variant labels), of each other case, of each failed run (label, section, error). */
function evidenceOf(report: Report): Array<Set<string>> {
  return [
    ...report.experiments.map((e) => wordsOf([e.heading, ...e.variants.map((v) => v.label)].join(' '))),
    ...report.otherCases.map((c) => wordsOf(c.case)),
    ...report.runs
      .filter((r) => r.failed)
      .map((r) => wordsOf([r.label, r.error, r.context.variant, ...r.context.headings].filter(Boolean).join(' '))),
  ];
}

/** Lower-case words without generic ones, a plural `s` dropped (`Backends` is `backend`). */
function wordsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (GENERIC.has(raw) || /^\d+$/.test(raw)) continue;
    out.add(raw.length > 3 ? raw.replace(/s$/, '') : raw);
  }
  return out;
}
