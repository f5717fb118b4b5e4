// Shared by the site tests: the built site, the pipeline's view of the same content, and HTML queries.
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listMarkdown } from '../../src/lib/site/files.js';
import { analyze, checkAll, type Analysis } from '../../src/lib/pipeline.js';
import type { Report } from '../../src/lib/schemas/report.js';
import { contentRoots, projectRoot, readPage } from './build.js';

export interface Page {
  analysis: Analysis;
  report: Report;
  /** `seed` (test/fixtures/seed-pages) or `test/fixtures/site`. */
  root: string;
  url: string;
}

/** Every page as the pipeline sees it (analyze each, checkAll over all), like the loader does. */
export function pipelinePages(): Page[] {
  const files = listMarkdown(
    contentRoots.map((r) => join(projectRoot, r)),
    projectRoot,
  );
  const analyses = files.map((f) => analyze(readFileSync(f.absolutePath, 'utf8'), f.path, f.absolutePath));
  const reports = checkAll(analyses);
  return files.map((f, i) => ({
    analysis: analyses[i],
    report: reports[i],
    root: f.projectPath.startsWith('test/fixtures/seed-pages/') ? 'seed' : 'test/fixtures/site',
    url: `/reports/${f.path.replace(/\.md$/, '')}/`,
  }));
}

const parsed = new Map<string, Root>();
/** Parsed HTML of a built page, cached. */
export function htmlTree(dist: string, url: string): Root {
  const key = `${dist}\0${url}`;
  if (!parsed.has(key)) parsed.set(key, fromHtml(readPage(dist, url)));
  return parsed.get(key)!;
}

export function ids(tree: Root): Set<string> {
  const out = new Set<string>();
  const walk = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      if (child.properties.id) out.add(String(child.properties.id));
      walk(child);
    }
  };
  walk(tree);
  return out;
}

/** Count mdast nodes matching a test. */
export function countNodes(tree: { children?: unknown[] }, test: (node: any) => boolean): number {
  let n = 0;
  const walk = (node: any) => {
    if (test(node)) n++;
    for (const c of node.children ?? []) walk(c);
  };
  walk(tree);
  return n;
}

/** Text content of a hast node. */
export function text(node: Root | Element | { type: string; value?: string }): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return (node.children as Array<Element>).map(text).join('');
  return '';
}
