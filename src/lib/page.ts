import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import type { Script } from './model/script.js';
import type { ClaimSite } from './model/sites.js';
import type { Note } from './schemas/note.js';
import type { LinesAbove } from './model/lines-above.js';
import type { Command, Report } from './schemas/report.js';

/**
 * One read page: its file, its tree (parsed once), its page model and the nodes that state numbers.
 * Every stage after parsing reads this. After the walk, the claims read their sites' own texts (`sites`), not `source`.
 */
export interface Analysis {
  /** The page as a VFile: `path` (content-relative) and `value` (the text as parsed). */
  file: VFile;
  report: Report;
  tree: Root;
  /** The text as parsed (same as `file.value`); for quoting lines in messages only. */
  source: string;
  /** Absolute path on disk, when the page came from a file. */
  absolutePath: string | null;
  /** The nodes that state numbers (paragraphs, tables) with their structural context, in document order. */
  sites: ClaimSite[];
  /** Benchmark profiles (`##### ShareGPT 8RPS` + a YAML fence) by name, as parsed. */
  profiles: Map<string, Record<string, unknown>>;
  /** Every command shown on the page (serving commands, scripts), in document order. */
  commands: Command[];
  /**
   * Every fence read as a script (serving scripts, benchmark scripts, backend parameters) with its node, its
   * admonition and every command in it, each tokenised once: read these instead of scanning fences in the text.
   */
  scripts: Script[];
  /** What the page's readers set aside (lines of result blocks, invalid profiles): facts the rules of their ids judge. */
  notes: Note[];
  /** The lines above each fence of runs (by its line), back to the previous one: what names a write-up's runs. */
  linesAbove: Map<number, LinesAbove>;
}
