/**
 * What the claims read of a page's text after the walk: each claim site's own text (`withTexts`, taken once when
 * the page is read), looked up by node or offset. Nothing here reads the page's raw text.
 */
import type { Nodes } from 'mdast';
import type { ClaimSite } from './sites.js';

/** A piece of the page's text and the offset in the page where it starts. */
export interface TextWindow {
  text: string;
  base: number;
}

/** Lookups that fell outside every site, since the process started (none is expected: claims read only their sites; read by tests). */
export const siteTextMisses = { count: 0 };

export class SiteTexts {
  /** Sites by the offset their text starts at (a table's text runs on through its later parts). */
  private readonly sorted: ClaimSite[];
  private readonly newlines = new Map<ClaimSite, number[]>();

  constructor(sites: readonly ClaimSite[]) {
    this.sorted = [...sites].sort((a, b) => a.base - b.base);
  }

  /** The site whose text holds `[start, end)`: the innermost (a later part of a table inside its head's text). */
  private siteAt(start: number, end: number): ClaimSite | null {
    const s = this.sorted;
    let lo = 0;
    let hi = s.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (s[mid].base <= start) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    // Only a table's head spans past the sites after it (its parts): a few steps back at most.
    for (let k = found; k >= 0 && k > found - 8; k--) if (s[k].base + s[k].text.length >= end) return s[k];
    siteTextMisses.count++;
    return null;
  }

  /** The text of the site that holds `node`, with its offset; an empty window at the node when none does. */
  window(node: Nodes): TextWindow {
    const start = node.position?.start.offset ?? 0;
    const site = this.siteAt(start, node.position?.end.offset ?? start);
    return site ? { text: site.text, base: site.base } : { text: '', base: start };
  }

  /** The exact source text of a node of a site (tags and all), for the claim parsers. */
  slice(node: Nodes): string {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return '';
    const w = this.window(node);
    return w.text.slice(start - w.base, end - w.base);
  }

  /** A table cell's text without its delimiting pipes, and the offset where that text starts. */
  cell(node: Nodes): TextWindow {
    const w = this.window(node);
    const at = (offset: number) => w.text[offset - w.base];
    let start = node.position?.start.offset ?? w.base;
    let end = node.position?.end.offset ?? start;
    if (at(start) === '|') start++;
    if (end > start && at(end - 1) === '|' && at(end - 2) !== '\\') end--;
    return { text: w.text.slice(start - w.base, end - w.base), base: start };
  }

  /** Line and column of an offset inside a site's text. */
  point(offset: number): { line: number; column: number } | null {
    const site = this.siteAt(offset, offset);
    const start = site?.node.position?.start;
    if (!site || !start) return null;
    let nl = this.newlines.get(site);
    if (!nl) {
      nl = [];
      for (let i = site.text.indexOf('\n'); i !== -1; i = site.text.indexOf('\n', i + 1)) nl.push(i);
      this.newlines.set(site, nl);
    }
    const k = offset - site.base;
    // Line breaks before k (binary search).
    let lo = 0;
    let hi = nl.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (nl[mid] < k) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? { line: start.line, column: start.column + k } : { line: start.line + lo, column: k - nl[lo - 1] };
  }
}
