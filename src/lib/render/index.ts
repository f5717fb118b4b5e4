// mdast -> safe HTML: remark-rehype (+ admonitions) -> raw HTML parsed (./raw.ts) -> rehype-sanitize -> trusted decoration
// -> highlighting of shell/YAML/JSON -> HTML. Takes the pipeline's tree, so each file is parsed once.
import type { Element, Root as HastRoot } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { common } from 'lowlight';
import rehypeHighlight from 'rehype-highlight';
import rehypeSanitize from 'rehype-sanitize';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import { VFile } from 'vfile';
import type { Analysis } from '../page.js';
import type { Report } from '../schemas/report.js';
import { claimTextHandler } from './claims.js';
import { decorate, type LinkContext } from './decorate.js';
import { handlers, unknownHandler } from './handlers.js';
import type { HeadingInfo } from './headings.js';
import rehypeRawBlocks from './raw.js';
import { sanitizeSchema } from './sanitize.js';
import type { OwnHtml } from './code.js';

export type { LinkContext } from './decorate.js';
export { anchorsOf, headingsOf, type HeadingInfo } from './headings.js';

/** Bump when the HTML or the site fields change, so cached entries are re-rendered. */
export const RENDER_VERSION = 6;

export interface Rendered {
  html: string;
  title: string | null;
  /** Slug of the H1, which moves into the page header. */
  titleId: string | null;
  headings: HeadingInfo[];
}

const highlighter = unified()
  .use(rehypeHighlight, { languages: { bash: common.bash, yaml: common.yaml, json: common.json }, detect: false })
  .freeze();

/**
 * Highlights shell, YAML and JSON blocks. rehype-highlight walks every element it is given, and a block of
 * benchmark output (a span per line, never highlighted) is most of a page's elements: it is given the page's other
 * `pre` elements only, which it changes in place.
 */
function highlight(hast: HastRoot, file: VFile): void {
  const pres: Element[] = [];
  visit(hast, 'element', (node) => {
    const cls = node.properties.className;
    if (node.tagName === 'figure' && Array.isArray(cls) && cls.includes('code-output')) return SKIP;
    if (node.tagName === 'pre') pres.push(node);
  });
  if (pres.length > 0) highlighter.runSync({ type: 'root', children: pres }, file);
}

/** Renders one analysed page; `report` is the checked report (claims and verdicts filled by `checkAll`). */
export function renderReport(analysis: Pick<Analysis, 'tree' | 'source'>, report: Report, links: LinkContext): Rendered {
  const file = new VFile({ value: analysis.source, path: report.path });
  // Each claim is split out of the text node the check placed it in (see claims.ts).
  const toSafeHast = unified()
    .use(remarkRehype, {
      allowDangerousHtml: true,
      handlers: { ...handlers, text: claimTextHandler(report.claims) },
      unknownHandler,
    })
    .use(rehypeRawBlocks)
    .use(rehypeSanitize, sanitizeSchema);
  const hast = toSafeHast.runSync(analysis.tree, file) as HastRoot;
  const own: OwnHtml = { nodes: new Set(), ids: new Set() };
  const decorated = decorate(hast, analysis.tree, report, links, own);
  // Highlighting adds elements and text only; decorate wrote any raw node that is not its own as text.
  highlight(hast, file);
  return { html: toHtml(hast, { allowDangerousHtml: true }), ...decorated };
}
