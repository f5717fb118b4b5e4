// The home page's gain sort orders the cards by the improvement each card shows (`+31.6%/GPU` below `+99.0%`), not
// by a ratio of the two cells that the card never shows.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { shownFactor } from '../../src/lib/site/gain.js';
import { byGainOf, gainKinds, listing, type Listing } from '../../src/lib/site/listing.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

/** The cards of these pages, as the home page lists them. */
function cards(dirs: string[]): Listing[] {
  const files = dirs.flatMap(markdownFiles);
  const reports = checkAll(files.map((f) => analyze(readFileSync(f, 'utf8'), relative(SEED_PAGES, f), f)));
  return reports.map((r) =>
    listing({ ...r, site: { url: `/reports/${r.path}/`, lastUpdated: null, description: '', headings: [] } } as never),
  );
}

/** The gain a card shows, as a factor: the number in its text, read the way a reader reads it. */
function shown(l: Listing): number {
  const text = l.gainText!.replace(/ throughput$/, '').replace('× faster', 'x faster');
  const f = shownFactor(text);
  expect(f, l.gainText!).not.toBeNull();
  return f!;
}

function expectOrdered(items: Listing[]) {
  for (const kind of gainKinds) {
    const sorted = [...items].sort(byGainOf(kind));
    const ofKind = sorted.filter((l) => l.gainKind === kind);
    // The chosen kind comes first, highest shown gain first.
    expect(sorted.slice(0, ofKind.length)).toEqual(ofKind);
    const values = ofKind.map(shown);
    expect(
      ofKind.map((l) => l.gainText),
      kind,
    ).toEqual([...ofKind].sort((a, b) => shown(b) - shown(a)).map((l) => l.gainText));
    for (let i = 1; i < values.length; i++)
      expect(values[i], `${ofKind[i].gainText} after ${ofKind[i - 1].gainText}`).toBeLessThanOrEqual(values[i - 1]);
  }
}

describe('home sort by gain', () => {
  it('should read the factor of each form of stated gain', () => {
    expect(shownFactor('+58.1%')).toBeCloseTo(1.581);
    expect(shownFactor('-7.6%/GPU')).toBeCloseTo(0.924);
    expect(shownFactor('2.7x faster')).toBe(2.7);
    expect(shownFactor('2x slower')).toBe(0.5);
    expect(shownFactor('faster')).toBeNull();
  });

  it('should order the cards of the seed pages by the gain each shows', () => {
    const items = cards([SEED_PAGES]);
    expect(items.filter((l) => l.gainText).length).toBeGreaterThan(1);
    expectOrdered(items);
  });

  it.skipIf(!hasCorpus)('should put +31.6%/GPU below +99.0% with the corpus, and order every card by what it shows', () => {
    const items = cards([SEED_PAGES, CORPUS]);
    expectOrdered(items);
    const order = [...items].sort(byGainOf('throughput')).map((l) => l.gainText);
    const perGpu = order.findIndex((t) => t?.startsWith('+31.6%/GPU'));
    const higher = order.findIndex((t) => t?.startsWith('+99.0%'));
    expect(perGpu).toBeGreaterThanOrEqual(0);
    expect(higher).toBeGreaterThanOrEqual(0);
    expect(higher).toBeLessThan(perGpu);
  });
});
