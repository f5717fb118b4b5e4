// Every stated number carries its status mark, and the mark links to the raw line behind it.
import { select, selectAll } from 'hast-util-select';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimStatus, trustSummary } from '../../src/lib/site/claims.js';
import { builtSite } from './build.js';
import { htmlTree, ids, pipelinePages, text } from './helpers.js';

const pages = pipelinePages();
const withClaims = pages.filter((p) => p.report.claims.length > 0);
const urlOf = new Map(pages.map((p) => [p.report.path, p.url]));
let dist = '';
beforeAll(async () => {
  dist = await builtSite();
});

it('should have claims to check on the content pages', () => {
  expect(withClaims.length).toBeGreaterThan(0);
});

describe.each(withClaims.map((p) => [p.report.path, p] as const))('%s', (_path, page) => {
  it('should mark every claim with its status', () => {
    const tree = htmlTree(dist, page.url);
    for (const claim of page.report.claims) {
      const mark = select(`[id="${claim.id}"]`, tree);
      expect(mark, `${claim.id} ${claim.text}`).toBeDefined();
      expect(mark!.properties.className).toContain(`claim-${claimStatus(claim)}`);
      expect(text(mark!)).toContain(claim.text);
    }
  });

  it('should link every claim that has a source to an existing run line', () => {
    const tree = htmlTree(dist, page.url);
    for (const claim of page.report.claims.filter((c) => c.source)) {
      const mark = select(`[id="${claim.id}"]`, tree)!;
      expect(mark.tagName, claim.id).toBe('a');
      const [path, hash] = String(mark.properties.href).split('#');
      const target = path ? htmlTree(dist, path) : tree;
      expect(hash, claim.id).toBeTruthy();
      expect(ids(target).has(hash), `${claim.id} -> ${mark.properties.href}`).toBe(true);
      if (claim.source!.path === page.report.path) expect(hash.startsWith(claim.source!.runId)).toBe(true);
      else expect(path).toBe(urlOf.get(claim.source!.path));
    }
  });

  it('should show the trust summary with the page counts', () => {
    const summary = text(select('[data-trust-summary]', htmlTree(dist, page.url))!);
    expect(summary).toContain(trustSummary(page.report.claims, page.report.messages).text);
  });

  it('should list every number that is not verified in the summary', () => {
    const summary = select('.trust', htmlTree(dist, page.url))!;
    const listed = new Set(selectAll('li a', summary).map((a) => String(a.properties.href)));
    for (const claim of page.report.claims.filter((c) => claimStatus(c) !== 'verified'))
      expect(listed.has(`#${claim.id}`), claim.id).toBe(true);
  });

  it('should list every number of the prose that no check judged, with its line and why', () => {
    const summary = select('.trust', htmlTree(dist, page.url))!;
    const items = selectAll('li', summary)
      .map(text)
      .filter((t) => t.trim().startsWith('Not judged'));
    const unjudged = page.report.messages.filter((m) => m.ruleId === 'claim-unjudged');
    expect(items).toHaveLength(unjudged.length);
    unjudged.forEach((m, i) => expect(items[i]).toContain(`${m.actual} (line ${m.line}):`));
  });
});
