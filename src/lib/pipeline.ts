// TEMPORARY STUB: the real pipeline (markdown dialect + formats + page model + claims) replaces this file.
// The exported signatures are the contract the CLI, the tests and the Astro site rely on.
import type { Root } from 'mdast';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import type { Report } from './schemas/report.js';

/** One parsed page: its data, its mdast tree (for rendering, so each file is parsed once) and its source. */
export interface Analysis {
  report: Report;
  tree: Root;
  source: string;
  /** Absolute path on disk, when the page came from a file. */
  absolutePath: string | null;
}

/** Parse one page into its report data and tree. Never throws on content. */
export function analyze(source: string, path: string, absolutePath: string | null = null): Analysis {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(source) as Root;
  const h1 = /^# (.+)$/m.exec(source);
  const report: Report = {
    path,
    slug: path.replace(/\.md$/, ''),
    kind: 'report',
    title: h1 ? h1[1] : null,
    model: null,
    hardware: null,
    objective: null,
    engines: [],
    datasets: [],
    benchmarkCommands: [],
    recommendedCommand: null,
    conclusion: [],
    experiments: [],
    summary: [],
    otherCases: [],
    runs: [],
    claims: [],
    links: [],
    images: [],
    headings: [],
    frontmatter: {},
    messages: [],
  };
  return { report, tree, source, absolutePath };
}

/** Run the checks that need every page (claims, cross-page rules, acknowledgements, severities). */
export function checkAll(analyses: Analysis[]): Report[] {
  return analyses.map((a) => a.report);
}
