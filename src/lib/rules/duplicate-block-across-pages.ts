/**
 * `duplicate-block-across-pages` (warning): A result block has the same metric values as a block on another page.
 *
 * Checked together with this page (`context.md`):
 *
 * ````markdown
 * # Optimizing Demo-8B Throughput
 *
 * ## Experiment Results
 *
 * ### 1. Choosing the Inference Engine
 *
 * vLLM
 * ??? info "Benchmark result"
 *     ```
 *     ============ Serving Benchmark Result ============
 *     Successful requests:                     100
 *     Benchmark duration (s):                  10.00
 *     Total input tokens:                      1000
 *     Total generated tokens:                  2000
 *     ==================================================
 *     ```
 * ````
 *
 * ok:
 *
 * ````markdown
 * # Optimizing Demo-14B Throughput
 *
 * ## Experiment Results
 *
 * ### 1. Choosing the Inference Engine
 *
 * vLLM
 * ??? info "Benchmark result"
 *     ```
 *     ============ Serving Benchmark Result ============
 *     Successful requests:                     100
 *     Benchmark duration (s):                  20.00
 *     Total input tokens:                      1000
 *     Total generated tokens:                  2000
 *     ==================================================
 *     ```
 *
 * vLLM
 * ??? info "Benchmark result"
 *     ```
 *     ============ Serving Benchmark Result ============
 *     Successful requests:                     100
 *     Benchmark duration (s):                  20.00
 *     Total input tokens:                      1000
 *     Total generated tokens:                  2000
 *     ==================================================
 *     ```
 * ````
 *
 * not ok:
 *
 * ````markdown
 * # Optimizing Demo-14B Throughput
 *
 * ## Experiment Results
 *
 * ### 1. Choosing the Inference Engine
 *
 * vLLM
 * ??? info "Benchmark result"
 *     ```
 *     ============ Serving Benchmark Result ============
 *     Successful requests:                     100
 *     Benchmark duration (s):                  10.00
 *     Total input tokens:                      1000
 *     Total generated tokens:                  2000
 *     ==================================================
 *     ```
 * ````
 */
import { draft, type Draft } from '../diagnostics.js';
import type { Rule } from './types.js';

const page = (title: string, blocks: string[]) => `# ${title}

## Experiment Results

### 1. Choosing the Inference Engine
${blocks
  .map(
    (duration) => `
vLLM
??? info "Benchmark result"
    \`\`\`
    ============ Serving Benchmark Result ============
    Successful requests:                     100
    Benchmark duration (s):                  ${duration}
    Total input tokens:                      1000
    Total generated tokens:                  2000
    ==================================================
    \`\`\`
`,
  )
  .join('')}`;

/**
 * A result block (same fingerprint, not a failed run) printed on two different pages. One page may show a
 * run twice (an engine-selection run re-used as a case baseline); two pages sharing a run means one of them
 * reports a measurement it did not make.
 */
export const duplicateBlockAcrossPages: Rule = {
  id: 'duplicate-block-across-pages',
  severity: 'warning',
  description: 'A result block has the same metric values as a block on another page.',
  examples: {
    ok: page('Optimizing Demo-14B Throughput', ['20.00', '20.00']),
    notOk: page('Optimizing Demo-14B Throughput', ['10.00']),
    context: page('Optimizing Demo-8B Throughput', ['10.00']),
  },
  check({ report, reports }) {
    const out: Draft[] = [];
    for (const run of report.runs) {
      if (run.failed || run.format === null || Object.keys(run.metrics).length < 4) continue;
      for (const other of reports) {
        if (other === report || other.path === report.path) continue;
        const twin = other.runs.find((r) => !r.failed && r.fingerprint === run.fingerprint);
        if (!twin) continue;
        out.push(
          draft(
            'duplicate-block-across-pages',
            'warning',
            { line: run.line, column: 1 },
            `Unexpected result block identical to \`${other.path}\` line ${twin.line}; each page should report its own runs`,
            {
              expected: 'a block measured for this page',
              actual: `same metrics as ${other.path}:${twin.line}`,
              cause: { file: other.path, line: twin.line, note: 'the same block' },
            },
          ),
        );
        break;
      }
    }
    return out;
  },
};
