// The report tree a reader moves through: reports grouped by model, then by GPU; previous and next follow its order.
import { compareText } from '../order.js';
import type { Listing } from './listing.js';

export interface TreeLeaf {
  slug: string;
  url: string;
  title: string;
  /** What tells the leaf apart from its siblings: GPU, objective, kind (`H100 · latency`). */
  label: string;
}
export interface TreeGpu {
  gpu: string;
  reports: TreeLeaf[];
}
export interface TreeModel {
  /** The model, or null for the pages about no one model (engine baselines, essays). */
  model: string | null;
  gpus: TreeGpu[];
}

const OTHER_GPU = 'Other hardware';

function leaf(l: Listing): TreeLeaf {
  const parts = [l.hardware ?? l.gpu, l.objective, l.kind === 'report' ? null : l.kind].filter((p): p is string => !!p);
  return { slug: l.slug, url: l.url, title: l.title, label: parts.length ? parts.join(' · ') : l.title };
}

/** Models by name (pages without one last), GPUs by name within a model, reports by label then title within a GPU. */
export function reportTree(items: readonly Listing[]): TreeModel[] {
  const byModel = new Map<string | null, Map<string, Listing[]>>();
  for (const item of items) {
    const model = item.model;
    if (!byModel.has(model)) byModel.set(model, new Map());
    const gpus = byModel.get(model)!;
    const gpu = model === null ? item.kind : (item.gpu ?? OTHER_GPU);
    if (!gpus.has(gpu)) gpus.set(gpu, []);
    gpus.get(gpu)!.push(item);
  }
  const models = [...byModel.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : compareText(a, b)));
  return models.map((model) => {
    const gpus = byModel.get(model)!;
    return {
      model,
      gpus: [...gpus.keys()].sort(compareText).map((gpu) => ({
        gpu,
        reports: gpus
          .get(gpu)!
          .map((l) => (model === null ? { ...leaf(l), label: l.title } : leaf(l)))
          .sort((a, b) => compareText(a.label, b.label) || compareText(a.title, b.title)),
      })),
    };
  });
}

/** How many reports the side tree of a report page lists in full; a larger site lists the page's own model. */
export const TREE_FULL = 60;

/** A model the side tree names without listing its reports: a link to the home page filtered to it. */
export interface TreeFold {
  model: string | null;
  count: number;
}

/**
 * The side tree of one report page. A site of at most `limit` reports gets the whole tree. A larger one gets the
 * page's own model in full and the other models as one link each (a count), or, past `limit` models, no list:
 * the tree's size stays bounded whatever N is, where the whole tree made every page grow with the site.
 */
export function pageTree(
  tree: readonly TreeModel[],
  slug: string,
  limit = TREE_FULL,
): { whole: boolean; open: TreeModel[]; folded: TreeFold[] | null; total: number } {
  const total = tree.reduce((n, m) => n + m.gpus.reduce((k, g) => k + g.reports.length, 0), 0);
  if (total <= limit) return { whole: true, open: [...tree], folded: [], total };
  const own = tree.find((m) => m.gpus.some((g) => g.reports.some((r) => r.slug === slug)));
  const others = tree.filter((m) => m !== own);
  const folded =
    others.length <= limit ? others.map((m) => ({ model: m.model, count: m.gpus.reduce((k, g) => k + g.reports.length, 0) })) : null;
  return { whole: false, open: own ? [own] : [], folded, total };
}

/** The reports in tree order. */
export function treeOrder(tree: readonly TreeModel[]): TreeLeaf[] {
  return tree.flatMap((m) => m.gpus.flatMap((g) => g.reports));
}

/** The report before and after `slug` in tree order (null at either end, or when `slug` is not in the tree). */
export function neighbours(tree: readonly TreeModel[], slug: string): { prev: TreeLeaf | null; next: TreeLeaf | null } {
  return neighbourMap(tree).get(slug) ?? { prev: null, next: null };
}

/** Every report's neighbours at once (one pass, where asking `neighbours` page by page walks the tree N times). */
export function neighbourMap(tree: readonly TreeModel[]): Map<string, { prev: TreeLeaf | null; next: TreeLeaf | null }> {
  const order = treeOrder(tree);
  return new Map(order.map((l, at) => [l.slug, { prev: order[at - 1] ?? null, next: order[at + 1] ?? null }]));
}
