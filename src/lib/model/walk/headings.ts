import type { Heading as MdHeading } from 'mdast';
import { mkdocsSlug } from '../../markdown/index.js';
import type { Experiment } from '../../schemas/report.js';
import { lineOf, plain } from '../text.js';
import { addVariant, headingAt, headingPath, inOther, inResults, inSummary, type WalkState } from './state.js';

/** H2 sections of the report skeletons and essays; any other H2 (engine-baseline pages) is a run section. */
const STANDARD_H2 = /conclusion|setup|objective|result|content|overview|observation|background|reference|summary|introduction|method/i;

/**
 * A heading moves the walk: it closes every section at its depth or deeper. An H2/H3 resets the experiment, the
 * variant, the command and the other case, and opens an experiment (`### N. ...` under the results, or an H2 of an
 * engine-baseline page); an H4 opens a variant or an other case; an H5 under a profile heading names a dataset.
 * Under an H3 that only groups numbered H4s (`### Experiments` over `#### 1. ...`), the H4s are the experiments
 * and the H5s their variants.
 */
export function onHeading(node: MdHeading, { found, at }: WalkState): void {
  const text = plain(node);
  const line = lineOf(node);
  found.headings.push({ depth: node.depth, text, slug: mkdocsSlug(text), line });
  if (node.depth === 1 && !found.title) found.title = { text, line };
  while (at.path.length && at.path[at.path.length - 1].depth >= node.depth) at.path.pop();
  at.path.push({ depth: node.depth, text });
  // A heading that compares in words may state an order of the page's runs.
  if (/\bthan\b/i.test(text)) found.sites.push({ kind: 'heading', node, headings: headingPath(at), text: '', base: 0 });
  at.label = null;
  const numbered = /^(\d+)\.\s/.exec(text);
  if (node.depth <= 3) {
    at.profile = null;
    at.variant = null;
    at.command = null;
    at.otherCase = null;
    at.sideCommands.baseline = at.sideCommands.optimized = null;
    at.experiment = null;
    at.experimentDepth = 3;
    if (node.depth === 3 && inResults(at) && !inOther(at) && !inSummary(at)) {
      at.experiment = experiment(text, numbered ? Number.parseInt(numbered[1], 10) : null, line);
    }
    // Engine-baseline pages: each `## <Model>` section holds its own runs, like an experiment.
    if (node.depth === 2 && !STANDARD_H2.test(text)) at.experiment = experiment(text, null, line);
    if (at.experiment) found.experiments.push(at.experiment);
  } else if (node.depth === 4 && numbered && (at.experimentDepth === 4 || grouping(at.experiment))) {
    // `### Experiments` over `#### 1. ...`: the H3 only groups the experiments (it has no run of its own).
    if (at.experimentDepth === 3) found.experiments.splice(found.experiments.indexOf(at.experiment!), 1);
    at.experimentDepth = 4;
    at.profile = null;
    at.variant = null;
    at.command = null;
    at.experiment = experiment(text, Number.parseInt(numbered[1], 10), line);
    found.experiments.push(at.experiment);
  } else if (node.depth === 5 && /profile/i.test(headingAt(at, 4))) {
    found.datasets.push({ text, line });
  } else if (node.depth === at.experimentDepth + 1) {
    at.command = null;
    if (inOther(at)) at.otherCase = text;
    else if (at.experiment) at.variant = addVariant(at.experiment, text, line);
  }
}

/** An H3 experiment that has nothing yet (no number, no variant, no run): it may only group the experiments below it. */
const grouping = (e: Experiment | null): boolean => !!e && e.number === null && e.variants.length === 0;

function experiment(heading: string, number: number | null, line: number): Experiment {
  return { heading, number, line, anchor: mkdocsSlug(heading), variants: [] };
}
