import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import type { Failure } from '../schemas/failure.js';
import type { Note } from '../schemas/note.js';
import type { Command, Report } from '../schemas/report.js';
import { assemble } from './report.js';
import type { Script } from './script.js';
import { withTexts, type ClaimSite, type ProseSite } from './sites.js';
import { walk } from './walk/index.js';
import type { SavedReader } from '../saved/read.js';
import { linesAboveRuns, type LinesAbove } from './lines-above.js';
import { pageNodes } from './tree.js';

export { logicalCommands } from './command.js';

/** A paragraph that may state numbers, with where it sits (the prose claim site). */
export type ProseBlock = ProseSite;

/** What one walk over a page gives: its page model and what the later stages read besides it. */
export interface PageModel {
  /** The report's fields, all but the claims and the messages. */
  model: Omit<Report, 'claims' | 'messages'>;
  /** The nodes that state numbers (paragraphs, tables) with their structural context, in document order. */
  sites: ClaimSite[];
  /** Benchmark profiles (`##### ShareGPT 8RPS` + a YAML fence) by name, as parsed. */
  profiles: Map<string, Record<string, unknown>>;
  /** Every command shown on the page (serving commands, scripts, backend parameters), in document order. */
  commands: Command[];
  /** Every fence read as a script, with every command in it (the `commands` above are among them). */
  scripts: Script[];
  /** What stopped the walk or the model's assembly (the page keeps what was read), for `model-internal-error`. */
  failures: Failure[];
  /** What the readers set aside, for the rules of their ids (`schemas/note.ts`). */
  notes: Note[];
  /** The lines above each fence of runs (by its line), back to the previous one: what names a write-up's runs. */
  linesAbove: Map<number, LinesAbove>;
}

/**
 * Read a page's tree in one walk into its page model. `file.path` is the page's path; front matter fields
 * (`title`, `model`, `gpu`, `gpus`, `objective`, `kind`) override what the page says; `saved` reads the saved
 * result files it links to. Never throws on content.
 */
export function extractPage(tree: Root, file: VFile, frontmatter: Record<string, unknown>, saved: SavedReader | null = null): PageModel {
  const found = walk(tree, saved);
  // What the claims read of the page's text is taken here, once: each site's own text, the lines above each run.
  const source = typeof file.value === 'string' ? file.value : String(file.value ?? '');
  withTexts(found.sites, source);
  const linesAbove = linesAboveRuns(
    source,
    found.runs.map((r) => r.fenceLine),
    pageNodes(tree).codes,
  );
  const path = file.path;
  let model: PageModel['model'];
  try {
    model = assemble(path, found, frontmatter);
  } catch (error) {
    // Never throw on content: keep the runs and say what stopped.
    found.failures.push({ error, where: 'assembly', line: 1, column: 1 });
    model = assemble(path, { ...found, modelText: null, hardwareText: null, objectiveText: null }, {});
  }
  return {
    model,
    sites: found.sites,
    profiles: found.profiles,
    commands: found.commands,
    scripts: found.scripts,
    failures: found.failures,
    notes: found.notes,
    linesAbove,
  };
}
