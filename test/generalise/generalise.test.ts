import { describe, expect, it } from 'vitest';
import { CONTENT, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';
import { campaign, examples, formatTable, loadBases, tabulate } from './harness.js';

const SAMPLES = Number(process.env.PERFLAB_GENERALISE_SAMPLES) || 2;
const SEED = Number(process.env.PERFLAB_GENERALISE_SEED) || 9;

describe('generalisation harness', () => {
  const bases = loadBases([...markdownFiles(CONTENT), ...(hasCorpus ? markdownFiles(CORPUS) : [])]);
  const outcomes = campaign(bases, SAMPLES, SEED);
  const rows = tabulate(outcomes);
  console.log(`\n${formatTable(rows)}\n\n${examples(outcomes)}`);
  it('runs', () => {
    expect(outcomes.length).toBeGreaterThan(0);
  });
});
