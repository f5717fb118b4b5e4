import type { Heading as MdHeading } from 'mdast';
import { mkdocsSlug } from '../../markdown/index.js';
import type { Experiment } from '../../schemas/report.js';
import { lineOf, plain } from '../text.js';
import { addVariant, headingAt, inOther, inResults, inSummary, type WalkState } from './state.js';

/** H2 sections of the report skeletons and essays; any other H2 (engine-baseline pages) is a run section. */
const STANDARD_H2 = /conclusion|setup|objective|result|content|overview|observation|background|reference|summary|introduction|method/i;

/**
 * A heading moves the walk: it closes every section at its depth or deeper. An H2/H3 resets the experiment, the
 * variant, the command and the other case, and opens an experiment (`### N. ...` under the results, or an H2 of an
 * engine-baseline page); an H4 opens a variant or an other case; an H5 under a profile heading names a dataset.
 */
export function onHeading(node: MdHeading, { found, at }: WalkState): void {
  const text = plain(node);
  const line = lineOf(node);
  found.headings.push({ depth: node.depth, text, slug: mkdocsSlug(text), line });
  if (node.depth === 1 && !found.title) found.title = { text, line };
  while (at.path.length && at.path[at.path.length - 1].depth >= node.depth) at.path.pop();
  at.path.push({ depth: node.depth, text });
  at.label = null;
  if (node.depth <= 3) {
    at.profile = null;
    at.variant = null;
    at.command = null;
    at.otherCase = null;
    at.sideCommands.baseline = at.sideCommands.optimized = null;
    at.experiment = null;
    if (node.depth === 3 && inResults(at) && !inOther(at) && !inSummary(at)) {
      const number = /^(\d+)\.\s/.exec(text);
      at.experiment = experiment(text, number ? Number.parseInt(number[1], 10) : null, line);
    }
    // Engine-baseline pages: each `## <Model>` section holds its own runs, like an experiment.
    if (node.depth === 2 && !STANDARD_H2.test(text)) at.experiment = experiment(text, null, line);
    if (at.experiment) found.experiments.push(at.experiment);
  } else if (node.depth === 5 && /profile/i.test(headingAt(at, 4))) {
    found.datasets.push({ text, line });
  } else if (node.depth === 4) {
    at.command = null;
    if (inOther(at)) at.otherCase = text;
    else if (at.experiment) at.variant = addVariant(at.experiment, text, line);
  }
}

function experiment(heading: string, number: number | null, line: number): Experiment {
  return { heading, number, line, anchor: mkdocsSlug(heading), variants: [] };
}
