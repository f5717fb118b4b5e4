// The routes of pages: the function the checks use is the one the site's routes follow (Astro's route generator,
// run here on hostile names), and any two pages whose site files meet are named.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { astroRoutes, siteOwnFiles, writtenAs } from '../helpers/astro-routes.js';
import {
  OutputPlaces,
  SITE_FILES,
  foldersOf,
  outputsOf,
  routeCollisions,
  routeOf,
  routeUrl,
  segmentProblem,
  showNames,
  siteFilesMet,
  slugOf,
} from '../../src/lib/route.js';

const HOSTILE = [
  'qwen3-14b/h100',
  'hash#dir/h100',
  'hash%23dir/h100',
  'why?/a',
  'caf\u00e9/x',
  'cafe\u0301/x',
  'with space/a b',
  '50%/x',
  'dots.../..a',
  'ключ/页面',
  'a\u0001b',
];

describe('routeOf', () => {
  it("should name the file Astro writes a page to, for hostile names (the build's URL encoding and the file system's decoding)", async () => {
    const { page } = await astroRoutes();
    for (const slug of HOSTILE) {
      const pathname = page({ slug });
      expect(writtenAs(`${pathname}/index.html`), slug).toBe(join('/out', outputsOf(slug)[0]));
      // The site's link to it: a server decodes the URL back to the file's name.
      expect(decodeURI(`/reports/${routeUrl(slug)}`), slug).toBe(pathname);
    }
  });

  it('should drop `.md` in any case and keep everything else of the path', () => {
    expect(slugOf('a/B.MD')).toBe('a/B');
    expect(slugOf('a/b.md.md')).toBe('a/b.md');
    expect(routeOf('x#y?z')).toBe('x%23y%3Fz');
  });
});

describe('routeCollisions', () => {
  it('should name every page whose files meet another page, and no other', () => {
    const paths = [
      'hash#dir/h100.md',
      'hash%23dir/h100.md',
      'caf\u00e9.md',
      'cafe\u0301.md',
      'a.md',
      'a.MD',
      'b/x.md',
      'b/x.md.md',
      'c.md',
      'c.json/d.md',
      'fine/one.md',
      'fine/two.md',
      'Fine/one.md',
    ];
    const found = routeCollisions(paths);
    const named = (i: number) => (found.get(i) ?? []).map((j) => paths[j]);
    expect(named(0)).toEqual(['hash%23dir/h100.md']);
    expect(named(2)).toEqual(['cafe\u0301.md']);
    expect(named(5)).toEqual(['a.md']);
    expect(named(6)).toEqual(['b/x.md.md']);
    // `data/c.json` is page c's data, and the folder of page `c.json/d`'s data.
    expect(named(9)).toEqual(['c.md']);
    // Names that differ only in case are one file where file names ignore case (macOS, Windows).
    expect([10, 11, 12].map(named)).toEqual([['Fine/one.md'], [], ['fine/one.md']]);
  });

  it('should take time linear in the number of pages', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => `model-${i % 100}/gpu-${i}.md`);
    const started = performance.now();
    expect(routeCollisions(many).size).toBe(0);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('SITE_FILES', () => {
  it("should be the files of the site's own pages in the folders reports write to, and be met by a page of that name", () => {
    const own = siteOwnFiles();
    expect([...SITE_FILES].sort()).toEqual(own.sort());
    expect(siteFilesMet('reports.md')).toEqual(['data/reports.json']);
    expect(siteFilesMet('runs.csv/x.md')).toEqual(['data/runs.csv']);
    expect(siteFilesMet('reports/x.md')).toEqual([]);
  });
});

describe('showNames', () => {
  it('should show two names that look alike by their code points, and others as they are', () => {
    expect(showNames(['caf\u00e9.md', 'cafe\u0301.md'])).toEqual(['caf<U+00E9>.md', 'cafe<U+0301>.md']);
    expect(showNames(['caf\u00e9.md', 'A.md'])).toEqual(['caf\u00e9.md', 'A.md']);
  });
});

describe('segmentProblem', () => {
  it('should name each character that breaks a URL once, control characters by code point', () => {
    expect(segmentProblem('ok name é')).toEqual([]);
    expect(segmentProblem('a#b#c?d%e\\f\u0000g\u007f')).toEqual(['`#`', '`?`', '`%`', '`\\`', 'U+0000', 'U+007F']);
  });
});

describe('OutputPlaces', () => {
  it('should refuse a file that meets one taken before, as routeCollisions says of two pages', () => {
    const places = new OutputPlaces();
    expect(places.take('reports/a/index.html')).toBe(true);
    expect(places.take('reports/a/index.html')).toBe(false);
    // A file where a taken file needs a folder, and a file inside a taken file.
    expect(places.take('reports/a')).toBe(false);
    expect(places.take('reports/a.md')).toBe(true);
    expect(places.take('reports/a.md/b.md')).toBe(false);
    expect(places.take('reports/b.md')).toBe(true);
    expect(places.take('reports/B.md')).toBe(false);
    expect(foldersOf('reports/x/y.md')).toEqual(['reports', 'reports/x']);
    // Pages that routeCollisions names are the ones whose files a set of places refuses.
    const paths = ['a.md', 'a.md/b.md', 'c.md'];
    const taken = new OutputPlaces();
    const refused = paths.filter((p) => !outputsOf(slugOf(p)).every((f) => taken.take(f)));
    expect(refused).toEqual(['a.md/b.md']);
    expect([...routeCollisions(paths).keys()].sort()).toEqual([0, 1]);
  });
});
