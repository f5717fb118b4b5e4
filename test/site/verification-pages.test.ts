// /verification/ in pages of VERIFY_PAGE reports: the reports that need attention first (unacknowledged errors, then
// warnings, then by title), each report's page known to the link on its report page, and the totals of the site.
import { describe, expect, it } from 'vitest';
import { VERIFY_PAGE, paged, verificationHref, verificationPage, type VerifySummary } from '../../src/lib/site/verification-order.js';

const summary = (i: number, over: Partial<VerifySummary> = {}): VerifySummary => ({
  id: `m/r${i}`,
  slug: `m/r${i}`,
  title: `Report ${String(i).padStart(4, '0')}`,
  findings: 3,
  errors: 0,
  warnings: 3,
  wrong: 0,
  ...over,
});

describe('/verification/ in pages', () => {
  const n = VERIFY_PAGE * 2 + 7;
  const all = Array.from({ length: n }, (_, i) => summary(i));
  // The last two need attention most: one has errors, one more warnings than the rest.
  all[n - 1] = summary(n - 1, { errors: 2, findings: 5, wrong: 1 });
  all[n - 2] = summary(n - 2, { warnings: 9, findings: 9 });
  const index = paged(all);

  it('should order by unacknowledged errors, then warnings, then title, and cut pages of VERIFY_PAGE', () => {
    expect(index.order.slice(0, 3).map((r) => r.slug)).toEqual([`m/r${n - 1}`, `m/r${n - 2}`, 'm/r0']);
    expect(index.pages).toBe(3);
    expect(index.pageOf.get(`m/r${n - 1}`)).toBe(1);
    // Every report is on exactly one page, and no page holds more than VERIFY_PAGE.
    const perPage = new Map<number, number>();
    for (const p of index.pageOf.values()) perPage.set(p, (perPage.get(p) ?? 0) + 1);
    expect([...perPage.values()]).toEqual([VERIFY_PAGE, VERIFY_PAGE, 7]);
  });

  it("should sum the site's findings, errors and wrong numbers", () => {
    expect(index.totals).toEqual({ findings: 3 * (n - 2) + 5 + 9, errors: 2, wrong: 1 });
  });

  it("should link a report to its page's section, the first page at /verification/", () => {
    const last = index.order.at(-1)!;
    expect(verificationHref('/', index, last.slug)).toBe(`/verification/3/#m-r${last.slug.slice(3)}`);
    expect(verificationHref('/docs/', index, `m/r${n - 1}`)).toMatch(/^\/docs\/verification\/#/);
    expect(verificationPage('/', 1)).toBe('/verification/');
    expect(verificationPage('/', 2)).toBe('/verification/2/');
  });

  it('should keep one page for a small site, and for none', () => {
    expect(paged(all.slice(0, 3)).pages).toBe(1);
    expect(paged([]).pages).toBe(1);
  });
});
