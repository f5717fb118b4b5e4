import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { analyze, type Analysis } from '../../src/lib/pipeline.js';

/** The shared corpus of real pages, beside the repository; tests skip with a visible message without it. */
export const CORPUS = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus');
/**
 * The tests' own copy of the seed reports (the pages content/ held when they were written): tests that need real
 * pages with known findings read these, so adding or editing a report in content/ changes no test's result.
 */
export const SEED_PAGES = join(import.meta.dirname, '..', 'fixtures', 'seed-pages');
export const hasCorpus = existsSync(CORPUS);
if (!hasCorpus) console.warn(`SKIPPED: corpus tests need ../shared/corpus (not found at ${CORPUS})`);

/** Markdown files under a folder, sorted. */
export function markdownFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.md')) out.push(full);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

const cache = new Map<string, Analysis>();

/** Analyse a seed page (`qwen3-14b/h100.md`, under test/fixtures/seed-pages/) or of the corpus (`corpus:qwen3-14b/a100.md`). */
export function page(name: string): Analysis {
  const hit = cache.get(name);
  if (hit) return hit;
  const file = name.startsWith('corpus:') ? join(CORPUS, name.slice(7)) : join(SEED_PAGES, name);
  const a = analyze(readFileSync(file, 'utf8'), relative(join(import.meta.dirname, '..', '..'), file), file);
  cache.set(name, a);
  return a;
}
