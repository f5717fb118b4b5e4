import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { page } from '../helpers/pages.js';
import { modelSnapshot } from './snapshot.js';

/**
 * The page model of a real page of content/, written by the page model as it was before the single walk
 * (`UPDATE_GOLDEN=1` writes it again). Any change to the model of this page must be one we mean.
 */
const GOLDEN = join(import.meta.dirname, 'fixtures', 'h200-latency.model.json');

describe('page model golden (qwen3.5-35b-a3b/h200-latency)', () => {
  it('should give the same model as the golden', () => {
    const actual = modelSnapshot(page('qwen3.5-35b-a3b/h200-latency.md'));
    if (process.env.UPDATE_GOLDEN) writeFileSync(GOLDEN, `${JSON.stringify(actual, null, 1)}\n`);
    expect(actual).toEqual(JSON.parse(readFileSync(GOLDEN, 'utf8')));
  });
});
