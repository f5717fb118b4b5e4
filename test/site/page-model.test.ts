// The model a page is about, as the site shows it: a serving command that launches another model (flagged by
// `command-model-mismatch`) never becomes the page's model in the facts, the card, the facet, search or llms.txt.
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import type { Report } from '../../src/lib/schemas/report.js';
import { reportPage, scriptBlock } from '../../src/lib/rules/shared/examples.js';
import { describe as describeReport } from '../../src/lib/site/describe.js';
import { listing, facets } from '../../src/lib/site/listing.js';
import { MISMATCH_RULE, pageModel } from '../../src/lib/site/page-model.js';
import { searchFields } from '../../src/lib/site/search-value.js';

function checked(text: string): Report {
  const [report] = checkAll([analyze(text, 'demo/h100.md', '/demo/h100.md')]);
  return report;
}
const flagged = (r: Report) => r.messages.filter((m) => m.ruleId === MISMATCH_RULE);
const serve = (model: string, label: string) => scriptBlock({ label, command: `vllm serve ${model}` });

/** Every place the site names the page's model. */
function shownModels(report: Report) {
  const item = listing({ ...report, site: { url: '/reports/demo/h100/', lastUpdated: null, description: '', headings: [] } } as never);
  return {
    card: item.model,
    facet: facets([item])
      .find((f) => f.id === 'model')!
      .values.map((v) => v.value),
    search: searchFields({ ...report, title: report.title ?? '' })
      .filter(([k]) => k === 'model')
      .map(([, v]) => v),
    description: describeReport(report),
    /** What llms.txt and reports.json say of the page. */
    listed: item.description,
  };
}

describe('the page model on the site', () => {
  it('should keep the page model when one serving command launches another model', () => {
    const report = checked(
      reportPage({
        title: 'Optimizing Qwen3-8B Throughput on NVIDIA H100 GPUs',
        setup: ['### Model', 'Qwen/Qwen3-8B'],
        results: ['### 1. Baseline', serve('Qwen/Qwen3-8B', 'vLLM'), '### 2. Quantization in vLLM', serve('Qwen/Qwen3-32B-FP8', 'FP8')],
      }),
    );
    expect(flagged(report).map((m) => m.actual)).toEqual(['Qwen/Qwen3-32B-FP8']);
    expect(pageModel(report)).toBe('Qwen/Qwen3-8B');
    const shown = shownModels(report);
    expect(shown.card).toBe('Qwen/Qwen3-8B');
    expect(shown.facet).toEqual(['Qwen/Qwen3-8B']);
    expect(shown.search).toEqual(['Qwen/Qwen3-8B']);
    expect(shown.description).not.toContain('32B');
    expect(shown.listed).toBe(shown.description);
  });

  it('should take the model the title names and the commands serve when every command contradicts the Model section', () => {
    const report = checked(
      reportPage({
        title: 'Optimizing Qwen3-8B Throughput on NVIDIA H100 GPUs',
        setup: ['### Model', 'Qwen/Qwen3-30B-A3B'],
        results: ['### 1. Baseline', serve('Qwen/Qwen3-8B', 'vLLM'), '### 2. Quantization in vLLM', serve('Qwen/Qwen3-8B-FP8', 'FP8')],
      }),
    );
    // The pipeline keeps the page's statement (and the rule flags it); the site does not show it as the model.
    expect(report.model).toBe('Qwen/Qwen3-30B-A3B');
    expect(flagged(report).map((m) => m.actual)).toEqual(['Qwen/Qwen3-30B-A3B']);
    expect(pageModel(report)).toBe('Qwen/Qwen3-8B');
    const shown = shownModels(report);
    expect(shown.card).toBe('Qwen/Qwen3-8B');
    expect(shown.facet).toEqual(['Qwen/Qwen3-8B']);
    expect(shown.search).toEqual(['Qwen/Qwen3-8B']);
    expect(shown.description).toMatch(/^Qwen\/Qwen3-8B on /);
    expect(shown.description).not.toContain('30B');
    expect(shown.listed).toBe(shown.description);
  });

  it('should show no model rather than a contradicted one when the title names none the commands serve', () => {
    const report = checked(
      reportPage({
        title: 'Optimizing Demo Throughput on NVIDIA H100 GPUs',
        setup: ['### Model', 'Qwen/Qwen3-30B-A3B'],
        results: ['### 1. Baseline', serve('Qwen/Qwen3-8B', 'vLLM'), '### 2. Quantization in vLLM', serve('Qwen/Qwen3-8B-FP8', 'FP8')],
      }),
    );
    expect(flagged(report)).toHaveLength(1);
    expect(pageModel(report)).toBeNull();
    expect(shownModels(report).facet).toEqual([]);
  });

  it('should leave a page without findings as the pipeline read it', () => {
    const report = checked(
      reportPage({
        title: 'Optimizing Qwen3-8B Throughput on NVIDIA H100 GPUs',
        setup: ['### Model', 'Qwen/Qwen3-8B'],
        results: ['### 1. Baseline', serve('Qwen/Qwen3-8B', 'vLLM')],
      }),
    );
    expect(flagged(report)).toEqual([]);
    expect(pageModel(report)).toBe(report.model);
    expect(pageModel({ model: 'X/Y' })).toBe('X/Y');
  });
});
