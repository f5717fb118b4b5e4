/**
 * The page text the fuzz properties and their regressions put a result fence in: a results section with one engine
 * step, so its first body line is line 5 of the page.
 */
export const resultsSection = (...body: string[]) => ['## Experiment Results', '', '### 1. Engine', '', ...body, ''].join('\n');

/** A result admonition whose fence (opened by `open`, closed by `close`) holds `lines`, all indented under it. */
export const resultAdmonition = (open: string, lines: readonly string[], close = open.replace(/[^`~]/g, '')) => [
  '??? info "Benchmark result"',
  `    ${open}`,
  ...lines.map((l) => (l ? `    ${l}` : l)),
  `    ${close}`,
];
