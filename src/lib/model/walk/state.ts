import type { Failure } from '../../schemas/failure.js';
import type { Note } from '../../schemas/note.js';
import type { WalkRun } from '../../schemas/run.js';
import type {
  Command,
  ConclusionRow,
  Engine,
  Experiment,
  Heading,
  Image,
  Link,
  OtherCase,
  SavedFile,
  SummaryRow,
  TextAt,
  Variant,
} from '../../schemas/report.js';
import { canonicalEngine } from '../command.js';
import type { SavedReader } from '../../saved/read.js';
import type { Script } from '../script.js';
import type { ClaimSite } from '../sites.js';

/** Which side of a comparison a node stands on (`Baseline`/`Optimized` admonition or parameters list item). */
export type Side = 'baseline' | 'optimized' | null;

/** What the walk has found so far, in document order: the raw material of the page model. */
export interface Found {
  title: TextAt | null;
  headings: Heading[];
  links: Link[];
  images: Image[];
  engines: Engine[];
  modelText: TextAt | null;
  hardwareText: TextAt | null;
  objectiveText: TextAt | null;
  datasets: TextAt[];
  benchmarkCommands: Command[];
  recommendedCommand: Command | null;
  /** Every command shown on the page (serving commands, scripts, backend parameters). */
  commands: Command[];
  conclusion: ConclusionRow[];
  experiments: Experiment[];
  summary: SummaryRow[];
  otherCases: OtherCase[];
  runs: WalkRun[];
  /** Every fence read as a script, with all its commands. */
  scripts: Script[];
  /** Paragraphs and tables that state numbers, with their context. */
  sites: ClaimSite[];
  /** Benchmark profiles (`##### ShareGPT 8RPS` + a YAML fence) by name, as parsed. */
  profiles: Map<string, Record<string, unknown>>;
  /** What stopped the walk or the page model, for the `internal` stage of `model-internal-error`. */
  failures: Failure[];
  /** What the readers set aside (lines of result blocks, profiles that are not YAML): judged by the rules of their ids. */
  notes: Note[];
  /** The saved result files the page links to, in link order. */
  savedFiles: SavedFile[];
}

/**
 * Where the walk stands: the section state machine. Headings set the path and reset what belongs to the section
 * they close; label lines, serving commands, `- Profile:` and parameters items set what the next runs belong to.
 */
export interface Section {
  /** Open headings, outermost first. */
  path: Array<{ depth: number; text: string }>;
  experiment: Experiment | null;
  /** Depth of the experiments' headings: 3, or 4 under an H3 that only groups numbered H4 experiments. */
  experimentDepth: number;
  variant: Variant | null;
  /** The last short plain line (a variant label on classic pages). */
  label: TextAt | null;
  /** The serving command the next runs were made with. */
  command: Command | null;
  /** The profile named by the last `- Profile:` item. */
  profile: string | null;
  /** The side named by the last `Baseline/Optimized Backend Parameters` item. */
  paramsSide: Side;
  /** The H4 case under "Other Benchmark Cases". */
  otherCase: string | null;
  /** The command of each side under "Other Benchmark Cases". */
  sideCommands: Record<'baseline' | 'optimized', Command | null>;
}

export interface WalkState {
  found: Found;
  at: Section;
  /** Reads the saved result files the page links to; null for a page with no file (read from memory). */
  saved: SavedReader | null;
}

export function newState(saved: SavedReader | null = null): WalkState {
  return {
    saved,
    found: {
      title: null,
      headings: [],
      links: [],
      images: [],
      engines: [],
      modelText: null,
      hardwareText: null,
      objectiveText: null,
      datasets: [],
      benchmarkCommands: [],
      recommendedCommand: null,
      commands: [],
      conclusion: [],
      experiments: [],
      summary: [],
      otherCases: [],
      runs: [],
      scripts: [],
      sites: [],
      profiles: new Map(),
      failures: [],
      notes: [],
      savedFiles: [],
    },
    at: {
      path: [],
      experiment: null,
      experimentDepth: 3,
      variant: null,
      label: null,
      command: null,
      profile: null,
      paramsSide: null,
      otherCase: null,
      sideCommands: { baseline: null, optimized: null },
    },
  };
}

/** Text of the open heading of a depth (`''` when none). */
export function headingAt(at: Section, depth: number): string {
  return at.path.find((p) => p.depth === depth)?.text ?? '';
}

/** The H2 section, lower case. */
export const section = (at: Section): string => headingAt(at, 2).toLowerCase();
/** The H3 subsection, lower case. */
export const subsection = (at: Section): string => headingAt(at, 3).toLowerCase();
export const inResults = (at: Section): boolean => /experiment|result/.test(section(at)) && !/setup/.test(section(at));
export const inOther = (at: Section): boolean => /other benchmark cases/.test(subsection(at));
export const inSummary = (at: Section): boolean => /summary of optimization/.test(subsection(at));

/** Heading texts from H2 down to the nearest heading above, the context of a run or a claim site. */
export function headingPath(at: Section): string[] {
  return at.path.filter((p) => p.depth >= 2).map((p) => p.text);
}

/** A new variant of an experiment, appended to it. */
export function addVariant(exp: Experiment, label: string, line: number): Variant {
  const v: Variant = { label, line, engine: canonicalEngine(label), model: null, command: null, runs: [] };
  exp.variants.push(v);
  return v;
}

/** The experiment heading without its number (`1. Choosing the Engine` -> `Choosing the Engine`). */
export function bareHeading(exp: Experiment): string {
  return exp.heading.replace(/^\d+\.\s*/, '');
}
