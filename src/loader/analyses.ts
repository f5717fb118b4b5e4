// The parsed pages of one load. Every page is read once (`analyze`, or its parse kept from an earlier load in the
// analysis cache), then checked and rendered one at a time. A site whose Markdown fits the budget's `keep` share (../lib/sizes.ts) keeps its
// parsed pages in memory for the whole load; a larger one reads each page back from the analysis cache when it is
// checked and when it is rendered (a v8 copy, about ten times faster than parsing), so that the trees of every page
// are never in memory at once: the load's memory does not grow with the tree of each page.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { AnalysisCache } from '../lib/engine/parse-cache.js';
import { analyze, type Analysis } from '../lib/pipeline.js';
import { memoryBudget } from '../lib/sizes.js';
import type { ParseJob } from './threads.js';

export interface PageSource {
  /** Content-relative path (the page's name in messages). */
  path: string;
  absolutePath: string;
}

export class LoadedPages {
  private readonly kept: Array<Analysis | undefined>;
  private readonly cache: AnalysisCache;
  private readonly keep: boolean;
  /** Pages parsed in this load (the others came from the analysis cache). */
  parsed = 0;

  private readonly keys: string[];

  /**
   * `dir`: the analysis cache folder; `code`: the version of the code that parses (the cache key). `memo` (dev):
   * parsed pages kept in memory from one load to the next, by code, path and source; it is left holding this
   * load's pages only.
   */
  constructor(
    private readonly pages: readonly PageSource[],
    /** Page `i`'s text (./texts.ts: kept, or read again and checked). */
    private readonly text: (i: number) => string,
    private readonly dir: string,
    code: string,
    private readonly memo: Map<string, Analysis> | null = null,
    keepLimit: number = memoryBudget().keep,
  ) {
    this.cache = new AnalysisCache(dir, { code });
    this.kept = new Array(pages.length);
    let bytes = 0;
    this.keys = pages.map((p, i) => {
      const source = text(i);
      bytes += source.length;
      return this.cache.keyOf(source, p.path, p.absolutePath);
    });
    this.keep = memo !== null || bytes <= keepLimit;
    if (memo) {
      const current = new Set(this.keys);
      for (const key of memo.keys()) if (!current.has(key)) memo.delete(key);
    }
  }

  /** The first reading of page `i`: kept from the last load, else the parse an earlier load stored, else its own. */
  read(i: number): Analysis {
    const p = this.pages[i];
    let a = this.memo?.get(this.keys[i]);
    if (!a) {
      const source = this.text(i);
      a = this.cache.lookup(source, p.path, p.absolutePath, this.keys[i]) ?? undefined;
      if (!a) {
        a = analyze(source, p.path, p.absolutePath);
        this.parsed++;
        this.cache.store(source, p.path, p.absolutePath, a, this.keys[i]);
      }
    }
    if (this.keep) this.kept[i] = a;
    this.memo?.set(this.keys[i], a);
    return a;
  }

  /** Page `i`'s parse key: its code, path and text. */
  key(i: number): string {
    return this.keys[i];
  }

  /** Whether page `i` is parsed already: kept from the last load, or in the analysis cache. */
  known(i: number): boolean {
    if (this.memo?.has(this.keys[i])) return true;
    const file = this.cache.fileOf('', this.pages[i].path, this.pages[i].absolutePath, this.keys[i]);
    return file !== null && existsSync(file);
  }

  /** What a helper thread needs to parse page `i`, or to read its parse back from the analysis cache. */
  job(i: number): ParseJob {
    const p = this.pages[i];
    return { source: this.text(i), path: p.path, absolutePath: p.absolutePath, key: this.keys[i] };
  }

  /** Whether parses are kept on disk, where a helper thread can leave them. */
  get onDisk(): boolean {
    return this.cache.usable;
  }

  /** Page `i` again, after `read`: from memory, else from the analysis cache, else parsed again. */
  get(i: number): Analysis {
    const kept = this.kept[i];
    if (kept) return kept;
    const p = this.pages[i];
    const source = this.text(i);
    return this.cache.lookup(source, p.path, p.absolutePath, this.keys[i]) ?? analyze(source, p.path, p.absolutePath);
  }

  /** Page `i` is no longer needed in this load. */
  release(i: number): void {
    this.kept[i] = undefined;
  }

  /** Delete the cache files of pages that are not in this load (older versions, removed pages). */
  prune(): void {
    const keep = new Set(this.keys.map((key) => `${key}.bin`));
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    for (const name of names) if (name.endsWith('.bin') && !keep.has(name)) rmSync(join(this.dir, name), { force: true });
  }
}
