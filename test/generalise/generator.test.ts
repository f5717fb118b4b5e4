/**
 * The generator's own truth: layout variants move structure and never a number; re-rendered numbers are right for
 * their displayed inputs; every fault changes what it says and leaves a unique place to look for the finding.
 */
import { describe, expect, it } from 'vitest';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';
import { rerender } from './derived.js';
import { DERIVED, FAULTS, LAYOUTS, loadBases } from './harness.js';
import { rng } from './rng.js';
import { isRow, outline, resultFences } from './structure.js';

const bases = loadBases([...markdownFiles(SEED_PAGES), ...(hasCorpus ? markdownFiles(CORPUS) : [])]);

/** Table rows and result-fence bodies: what a layout must keep line for line. */
function kept(text: string): string[] {
  const o = outline(text);
  const fences = resultFences(o).flatMap((f) => o.lines.slice(f.open + 1, f.close));
  const rows = o.lines.filter((l, i) => !o.fenced[i] && isRow(l) && !/^\s*\|[\s|:-]+\|?\s*$/.test(l));
  return [...fences, ...rows].sort();
}

const numbers = (text: string): string[] => [...(text.match(/\d+(?:\.\d+)?/g) ?? [])].sort();

describe('generalisation generator', () => {
  it('should read the real pages', () => {
    expect(bases.length).toBeGreaterThanOrEqual(hasCorpus ? 12 : 4);
  });

  it.each(Object.keys(LAYOUTS))('should keep every table row, result block and number in the layout %s', (name) => {
    let applied = 0;
    for (const [i, b] of bases.entries()) {
      const text = LAYOUTS[name](b.text, rng(i + 1));
      if (text === null) continue;
      applied++;
      expect(text).not.toBe(b.text);
      // A split repeats the header row; everything else keeps each line exactly once.
      if (/split/.test(name)) expect([...new Set(kept(text))]).toEqual([...new Set(kept(b.text))]);
      else expect(kept(text)).toEqual(kept(b.text));
      // A layout adds headings or markup, never a number (an engine-first heading may repeat an engine name).
      expect(numbers(text).filter((n) => !numbers(b.text).includes(n))).toEqual([]);
    }
    expect(applied).toBeGreaterThan(0);
  });

  it('should re-render a percentage or ratio at another precision only when the displayed inputs settle it', () => {
    expect(rerender('+50.0%', '(1500.00 / 1000.00 - 1) x 100', 2)).toBe('+50.00%');
    expect(rerender('-25.00%', '(750.00 / 1000.00 - 1) x 100', 1)).toBe('-25.0%');
    expect(rerender('2.0x faster', '300.00 / 150.00', 2)).toBe('2.00x faster');
    // 1.68 / 1.28 lies anywhere in [1.3118, 1.3216] for inputs +/- 0.005: the second decimal is not settled.
    expect(rerender('+31.3%', '(1.68 / 1.28 - 1) x 100', 2)).toBeNull();
  });

  it('should change decimals only within half a unit of the coarser precision', () => {
    for (const b of bases) {
      const text = DERIVED['decimals 1<->2'](b);
      if (text === null) continue;
      const before = b.text.split('\n');
      const after = text.split('\n');
      expect(after.length).toBe(before.length);
      for (const [i, line] of after.entries()) {
        if (line === before[i]) continue;
        const old = before[i].match(/[+-]?\d+(?:\.\d+)?(?=%|x )/g) ?? [];
        const now = line.match(/[+-]?\d+(?:\.\d+)?(?=%|x )/g) ?? [];
        expect(now.length).toBe(old.length);
        for (const [k, o] of old.entries()) {
          const half = 0.5 * 10 ** -Math.min(o.split('.')[1]?.length ?? 0, now[k].split('.')[1]?.length ?? 0);
          expect(Math.abs(+now[k] - +o)).toBeLessThanOrEqual(half + 1e-9);
        }
      }
    }
  });

  it.each(Object.keys(FAULTS))('should inject the fault %s with a unique place to find it', (name) => {
    let injected = 0;
    for (const [i, b] of bases.entries()) {
      const f = FAULTS[name](b, rng(i + 1), bases);
      if (!f) continue;
      injected++;
      expect(f.text).not.toBe(b.text);
      const lines = f.text.split('\n');
      for (const p of f.places) expect(lines.filter((l) => l === p.anchor)).toHaveLength(1);
    }
    expect(injected).toBeGreaterThan(0);
  });
});
