import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { roundHalfUp } from '../../src/lib/numbers/number.js';
import { analyze } from '../../src/lib/pipeline.js';
import { PageValues } from '../../src/lib/claims/verify/page-values.js';
import { MEAN_REQUEST_LATENCY, printsAs, valueOf } from '../../src/lib/claims/verify/sources.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

const METRICS = ['total_token_throughput', 'mean_tpot_ms', 'mean_ttft_ms', 'mean_latency_s', MEAN_REQUEST_LATENCY];

describe("PageValues (a page's run values indexed by metric)", () => {
  const files = [...markdownFiles(SEED_PAGES), ...(hasCorpus ? markdownFiles(CORPUS) : [])];

  it('should find exactly the runs a scan of every run finds, in run order', () => {
    let compared = 0;
    for (const file of files) {
      const { report } = analyze(readFileSync(file, 'utf8'), file);
      const values = new PageValues(report.path, report.runs);
      for (const metric of METRICS) {
        const all = report.runs.map((r) => valueOf(report.path, r, metric));
        // Every printed value, at its own and at coarser precisions, and a neighbour that prints as nothing.
        for (const run of report.runs) {
          const f = valueOf(report.path, run, metric);
          if (!f) continue;
          for (const decimals of [0, 1, 2, f.operand.decimals]) {
            for (const stated of [roundHalfUp(f.operand.value, decimals), f.operand.value + 0.37]) {
              const scan = all.filter((x) => !!x && printsAs(x, stated, decimals)).map((x) => x!.run.id);
              expect(values.find(metric, stated, decimals).map((x) => x.run.id)).toEqual(scan);
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
