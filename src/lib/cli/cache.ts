import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { PARSER_VERSION, analyze, type Analysis } from '../pipeline.js';

/**
 * Parsed pages on disk, keyed by the parser version, the path and the exact source: a re-run of
 * `perflab check` only tokenizes the files that changed (Markdown tokenizing is most of its time). The checks
 * that need every page always run afresh. v8 serialisation keeps the outline's references into the tree.
 */
export class AnalysisCache {
  hits = 0;

  constructor(private readonly dir: string | null) {
    if (dir) mkdirSync(dir, { recursive: true });
  }

  analyze(source: string, path: string, absolutePath: string): Analysis {
    if (!this.dir) return analyze(source, path, absolutePath);
    const key = createHash('sha1').update(`${PARSER_VERSION}\0${path}\0${absolutePath}\0`).update(source).digest('hex');
    const file = join(this.dir, `${key}.bin`);
    try {
      const cached = deserialize(readFileSync(file)) as Analysis;
      this.hits++;
      return cached;
    } catch {
      // Not cached yet, or unreadable: parse and store.
    }
    const fresh = analyze(source, path, absolutePath);
    try {
      writeFileSync(file, serialize(fresh));
    } catch {
      // A read-only cache folder only costs speed.
    }
    return fresh;
  }
}
