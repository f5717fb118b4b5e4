import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { techniques } from '../../src/lib/site/catalog.js';
import type { ListedEntry } from '../../src/lib/site/entry.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';
import { displayName, techniqueKey } from '../../src/lib/site/technique-name.js';

describe('technique names across reports', () => {
  it.each([
    ['Prefix Cache', 'Prefix Caching'],
    ['Torch Compile', 'Torch.compile'],
    ['Engine Selection', 'Choosing the Inference Engine'],
    ['Max Batch Token', 'Max Number of Batched Tokens'],
    ['Max Batch Token', 'Max Batched Token Numbers'],
    ['Max Batch Token', 'max-num-batched-tokens'],
    ['Max Batch Token', 'Batched Tokens'],
    ['Quantization', '2. Quantization in TensorRT-LLM'],
    ['Chunked Prefill', 'Enable Chunked Prefill'],
    ['Speculative Decoding && Quantization', 'speculative decoding && quantization'],
  ])('should read %s and %s as one technique', (a, b) => {
    expect(techniqueKey(a)).toBe(techniqueKey(b));
  });

  it.each([
    ['Quantization', 'Speculative Decoding && Quantization'],
    ['Max Batch Token', 'Max Num Seqs'],
    ['Max Batch Token', 'Max CUDA graph batch size'],
    ['Prefix Cache', 'KV Cache Dtype'],
    ['Attention Backend', 'Async Scheduling'],
  ])('should keep %s and %s apart', (a, b) => {
    expect(techniqueKey(a)).not.toBe(techniqueKey(b));
  });

  it('should show the spelling most reports use, without a step number or the engine it was tried in', () => {
    expect(displayName(['Prefix Cache', 'Prefix Caching', 'Prefix Cache'])).toBe('Prefix Cache');
    expect(displayName(['3. Quantization in SGLang', 'Quantization'])).toBe('Quantization');
  });
});

describe('techniques on real pages (read from the row claims and the run record)', () => {
  const reports = [...markdownFiles(SEED_PAGES), ...(hasCorpus ? markdownFiles(CORPUS) : [])].map((f) =>
    analyze(readFileSync(f, 'utf8'), relative(join(SEED_PAGES, '..'), f), f),
  );
  const checked = checkAll(reports);
  const entries = checked.map((r) => ({ ...r, site: { url: `/reports/${r.slug}/` } })) as unknown as ListedEntry[];
  const list = techniques(entries);
  const uses = list.flatMap((t) => t.uses.map((u) => ({ ...u, technique: t.name })));

  it('should state as a result only a change the row states, never a cell picked by position', () => {
    expect(uses.length).toBeGreaterThan(0);
    for (const u of uses) {
      const e = entries.find((x) => x.site.url === u.url)!;
      if (u.result === '-') expect(u.status).toBeNull();
      else expect(e.claims.some((c) => c.kind === 'improvement' && c.text === u.result && u.href.endsWith(`#${c.id}`))).toBe(true);
      // No result is a baseline's absolute value (a three-column row's last cell).
      expect(u.result).not.toMatch(/TPS|TPOT/);
    }
  });

  it('should give each measured technique the flags of the run its claim measured, from the run record', () => {
    const withClaim = uses.filter((u) => u.result !== '-');
    const flagged = withClaim.filter((u) => u.flags.length > 0);
    console.log(`techniques: ${uses.length} uses, ${withClaim.length} with a stated change, ${flagged.length} with their run's flags`);
    for (const u of flagged) {
      const e = entries.find((x) => x.site.url === u.url)!;
      const claim = e.claims.find((c) => u.href.endsWith(`#${c.id}`))!;
      const run = e.runs.find((r) => r.id === claim.source!.runId)!;
      expect(run.setup.flags).toEqual(u.flags);
      expect(run.setup.role).not.toBe('baseline');
    }
    expect(flagged.length).toBeGreaterThan(0);
  });

  it.skipIf(!hasCorpus)('should read a three-column summary (case | optimized | baseline) as the optimized change', () => {
    const rows = uses.filter((u) => u.url.endsWith('/qwen3.5-35b-a3b/h200/'));
    expect(rows.map((u) => u.result)).toContain('+3.23%');
  });
});
