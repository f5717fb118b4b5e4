// The trusted pass, run after sanitising: ids, classes, admonition titles, code figures, links and images.
// Elements are matched to their mdast nodes by source position, which remark-rehype, the raw HTML parse (raw.ts) and
// rehype-sanitize all keep.
import type { Element, ElementContent, Root } from 'hast';
import type { Code, Root as MdastRoot } from 'mdast';
import { posix } from 'node:path';
import type { Report } from '../schemas/report.js';
import type { Run } from '../schemas/run.js';
import type { Claim } from '../schemas/claim.js';
import { renderCode, metricAnchor, type OwnHtml } from './code.js';
import type { AdmonitionNode } from './handlers.js';
import { pageNodes } from '../model/tree.js';
import { visit as visitTree } from 'unist-util-visit';
import { headingsOf, type HeadingInfo } from './headings.js';
import { markClaims } from './claims.js';
import { savedFragment } from '../site/saved-view.js';

export interface LinkContext {
  /** Site URL of a content path (`qwen3-14b/h100.md` -> `/reports/qwen3-14b/h100/`), or null if unpublished. */
  pageUrl(contentPath: string): string | null;
  /** Ids another page exposes, or null when unknown. */
  anchors(contentPath: string): { has(id: string): boolean } | null;
  /** Site URL for an image referenced by the page (`../../assets/x.png`), or null when the file is missing. */
  image(src: string): string | null;
  /**
   * Where a saved result file the page links to (its decoded path) is published: the file and its rendered view;
   * null (or no function) when it is not.
   */
  saved?(link: string): { url: string; view: string } | null;
}

export interface Decorated {
  /** H1 text, lifted out of the body into the page header. */
  title: string | null;
  /** The H1's id, for the page header to carry (in-page links may point at it). */
  titleId: string | null;
  headings: HeadingInfo[];
}

const key = (p: { line: number; column: number }) => `${p.line}:${p.column}`;
const el = (tagName: string, properties: Element['properties'], children: ElementContent[]): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const txt = (value: string): ElementContent => ({ type: 'text', value });
const classes = (node: Element): string[] => (node.properties.className as string[] | undefined) ?? [];

/** MkDocs shows the capitalised kind when an admonition has no title. */
function admonitionTitle(node: AdmonitionNode): string | null {
  if (node.title === '') return null;
  return node.title ?? node.kind.charAt(0).toUpperCase() + node.kind.slice(1);
}

function isExternal(href: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(href) || href.startsWith('//');
}

/**
 * What the renderer cannot show faithfully it degrades (a placeholder for an image, plain text for a link that
 * leads nowhere) without a word: the check stage reports each of these places (`image-missing`,
 * `link-unresolved`, `anchor-missing`, `site-claim-unplaced`), so `perflab check` and the site agree.
 */
export function decorate(hast: Root, mdast: MdastRoot, report: Report, links: LinkContext, own: OwnHtml): Decorated {
  // mdast nodes by position, from the page's one node index (no walk of the tree of its own).
  const nodes = pageNodes(mdast);
  const codes = new Map<string, Code>();
  const admonitions = new Map<string, AdmonitionNode>();
  for (const { node } of nodes.codes) if (node.position) codes.set(key(node.position.start), node);
  for (const node of nodes.admonitions) if (node.position) admonitions.set(key(node.position.start), node);
  const headings = headingsOf(mdast, report);
  const headingByLine = new Map(headings.map((h) => [h.line, h]));
  const runsByFence = new Map<number, Run[]>();
  for (const run of report.runs) runsByFence.set(run.fenceLine, [...(runsByFence.get(run.fenceLine) ?? []), run]);

  // Claim hrefs are checked against the page's own ids after the pass (see below).
  const runsById = new Map(report.runs.map((r) => [r.id, r]));
  const savedLinks = new Map(report.savedFiles.filter((f) => f.digest !== '').map((f) => [f.file, f.link]));
  const claimHref = (claim: Claim): string | null => {
    const src = claim.source;
    // A source without a run (a row of an essay table) has nothing to link to.
    if (!src || !src.runId) return null;
    // A number of a saved result file: its field in the file's view, highlighted there.
    if (src.saved) {
      const link = savedLinks.get(src.saved.file);
      const published = link === undefined ? null : (links.saved?.(link) ?? null);
      return published ? `${published.view}${savedFragment(src.saved.pointer)}` : null;
    }
    if (src.path === report.path) {
      const run = runsById.get(src.runId);
      const metric = run && Object.values(run.metrics).some((m) => m.line === src.line);
      return `#${metric ? metricAnchor({ id: src.runId }, src.line) : src.runId}`;
    }
    const url = links.pageUrl(src.path);
    const ids = links.anchors(src.path);
    if (!url || !ids) return null;
    const metric = metricAnchor({ id: src.runId }, src.line);
    return ids.has(metric) ? `${url}#${metric}` : ids.has(src.runId) ? `${url}#${src.runId}` : url;
  };
  markClaims(hast, report.claims, { href: claimHref });

  let title: string | null = null;
  let titleId: string | null = null;
  let tableCount = 0;

  const visit = (parent: Root | Element) => {
    for (let i = 0; i < parent.children.length; i++) {
      const node = parent.children[i];
      if (node.type !== 'element') continue;
      const pos = node.position ? key(node.position.start) : null;
      const replace = (next: ElementContent) => (parent.children[i] = next as never);

      if (/^h[1-6]$/.test(node.tagName) && node.position) {
        const h = headingByLine.get(node.position.start.line);
        if (h && h.depth === 1 && title === null && parent.type === 'root') {
          title = h.text;
          titleId = h.slug;
          // The title moves into the page header; its GitHub anchor stays here, at the top of the content.
          if (h.githubSlug) parent.children[i] = el('span', { id: h.githubSlug, className: ['heading-alias'] }, []);
          else parent.children.splice(i--, 1);
          continue;
        }
        if (h) {
          node.properties.id = h.slug;
          // The GitHub anchor as a second target, so that a table of contents written for GitHub resolves here.
          if (h.githubSlug) node.children.unshift(el('span', { id: h.githubSlug, className: ['heading-alias'] }, []));
          node.children.push(
            el(
              'a',
              { className: ['heading-anchor'], href: `#${h.slug}`, ariaLabel: `Link to section: ${h.text}`, dataPagefindIgnore: '' },
              [txt('#')],
            ),
          );
        }
      } else if (node.tagName === 'pre' && pos && codes.has(pos)) {
        const code = codes.get(pos)!;
        const runs = runsByFence.get(code.position!.start.line) ?? [];
        replace(renderCode(code, runs, own));
        continue;
      } else if ((node.tagName === 'details' || node.tagName === 'div') && pos && admonitions.has(pos)) {
        const adm = admonitions.get(pos)!;
        const heading = admonitionTitle(adm);
        node.properties.className = ['admonition', adm.kind, ...(adm.data?.classes ?? [])];
        if (node.tagName === 'details') {
          node.children.unshift(el('summary', { className: ['admonition-title'] }, [txt(heading ?? adm.kind)]));
        } else if (heading) {
          node.children.unshift(el('p', { className: ['admonition-title'] }, [txt(heading)]));
        }
      } else if (node.tagName === 'table') {
        tableCount++;
        const head = node.children.find((c) => c.type === 'element' && c.tagName === 'thead') as Element | undefined;
        const label = head ? textOf(head).replace(/\s+/g, ' ').trim().slice(0, 80) : `Table ${tableCount}`;
        replace(el('div', { className: ['table-wrap'], tabIndex: 0, role: 'region', ariaLabel: `Table: ${label}` }, [node]));
      } else if (node.tagName === 'img') {
        const src = String(node.properties.src ?? '');
        const alt = String(node.properties.alt ?? '');
        const url = isExternal(src) || src.startsWith('/') ? src : links.image(src);
        if (url) {
          node.properties = { ...node.properties, src: url, className: ['report-image'], loading: 'lazy', decoding: 'async' };
        } else {
          // No placeholder box: the number check lists the missing image as its finding; a screen reader still hears it.
          replace(el('span', { className: ['image-missing', 'sr-only'] }, [txt(`Image not available: ${alt || src}`)]));
        }
        continue;
      } else if (node.tagName === 'a' && !classes(node).includes('claim')) {
        rewriteLink(node, parent, i);
      }
      visit(node);
    }
  };

  const rewriteLink = (node: Element, parent: Root | Element, i: number) => {
    const href = String(node.properties.href ?? '');
    if (!href || href.startsWith('#') || isExternal(href) || href.startsWith('/')) {
      if (isExternal(href)) node.properties.rel = ['noopener'];
      return;
    }
    const [path, fragment] = href.split('#', 2);
    const decoded = safeDecode(path);
    if (decoded === null) {
      parent.children[i] = el('span', { className: ['link-unavailable'], title: `Malformed link: ${href}` }, node.children);
      return;
    }
    // A saved result file the page's runs were read from: its view.
    const saved = savedLinks.has(posix.normalize(posix.join(posix.dirname(report.path), decoded)))
      ? (links.saved?.(decoded) ?? null)
      : null;
    if (saved) {
      node.properties.href = saved.view;
      return;
    }
    const target = posix.normalize(posix.join(posix.dirname(report.path), decoded));
    const url = target.endsWith('.md') ? links.pageUrl(target) : null;
    if (!url) {
      parent.children[i] = el('span', { className: ['link-unavailable'], title: `Not published on this site: ${href}` }, node.children);
      return;
    }
    const ids = links.anchors(target);
    if (fragment && !ids?.has(fragment)) {
      node.properties.href = url;
    } else {
      node.properties.href = fragment ? `${url}#${fragment}` : url;
    }
  };

  visit(hast);

  // In-page anchors that point nowhere become plain text; claim links must always resolve. The same walk writes any
  // raw node that is not the renderer's own as text: the page's HTML was parsed and sanitised before this pass, so
  // none should be left, and the page is serialised with raw HTML allowed (for the lines of benchmark output).
  const ids = new Set<string>(titleId ? [titleId, ...own.ids] : own.ids);
  visitTree(hast, (n, index, parent) => {
    if (n.type === 'element' && n.properties.id) ids.add(String(n.properties.id));
    else if (n.type === 'raw' && !own.nodes.has(n) && parent && index !== undefined) parent.children[index] = txt(n.value);
  });
  const check = (parent: Root | Element) => {
    parent.children.forEach((node, i) => {
      if (node.type !== 'element') return;
      const href = node.tagName === 'a' ? String(node.properties.href ?? '') : '';
      // A malformed %-escape (`#%zz`) names no section either.
      if (href.startsWith('#') && !ids.has(safeDecode(href.slice(1)) ?? '\0')) {
        if (classes(node).includes('claim')) {
          node.tagName = 'span';
          delete node.properties.href;
          node.properties.tabIndex = 0;
        } else {
          parent.children[i] = el('span', { className: ['link-unavailable'], title: `No such section: ${href}` }, node.children);
        }
      }
      check(node);
    });
  };
  check(hast);
  return { title, titleId, headings };
}

/** `decodeURIComponent`, or null for a malformed %-escape (content must never make the renderer throw). */
function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join(' ');
  return '';
}
