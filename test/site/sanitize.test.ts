// A report's raw HTML is untrusted: scripts, handlers, javascript: URLs and iframes never reach the page.
import { select, selectAll } from 'hast-util-select';
import { beforeAll, expect, it } from 'vitest';
import type { Element } from 'hast';
import { builtSite } from './build.js';
import { htmlTree, text } from './helpers.js';

const url = '/reports/fixtures/unsafe-html/';
let body: Element;
beforeAll(async () => {
  body = select('.report-body', htmlTree(await builtSite(), url))!;
});

it('should drop every <script>, <iframe> and <svg> from the report body', () => {
  expect(selectAll('script, iframe, svg', body)).toEqual([]);
});

it('should drop every event-handler attribute', () => {
  const handlers = selectAll('*', body).flatMap((el) => Object.keys(el.properties).filter((k) => /^on/i.test(k)));
  expect(handlers).toEqual([]);
});

it('should drop javascript: URLs from links', () => {
  const hrefs = selectAll('[href]', body).map((el) => String(el.properties.href));
  expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);
});

it('should keep background-colour spans and <br> but drop other styles', () => {
  const styles = selectAll('[style]', body).map((el) => String(el.properties.style));
  expect(styles).toContain('background-color:lightgreen;');
  expect(styles.every((s) => /^background-color:/.test(s))).toBe(true);
  expect(selectAll('td br', body).length).toBeGreaterThan(0);
});

it('should prefix ids from raw HTML so they cannot forge run anchors', () => {
  expect(select('[id="run-L1"]', body)).toBeUndefined();
  expect(select('[id="user-content-run-L1"]', body)).toBeDefined();
});

it('should name the missing image for screen readers, with no box (the number check lists it)', () => {
  const placeholder = select('.image-missing', body);
  expect(placeholder?.properties.className).toEqual(['image-missing', 'sr-only']);
  expect(text(placeholder!)).toBe('Image not available: broken on purpose');
});
