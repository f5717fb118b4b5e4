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

/**
 * How many reports the side tree of a report page lists at most: a site of this many gets the whole tree; a larger
 * one its own model, or past this many in the model, a window of the page's GPU siblings.
 */
export const TREE_FULL = 60;

/** Reports on one page of a model's list (`modelLists`), and models on one page of the list of models. */
export const LIST_PAGE = 100;

/**
 * A model the side tree names without listing its reports: a link to the first page of its list of reports (the
 * home list is paginated, so a filter there would see only its first page).
 */
export interface TreeFold {
  model: string | null;
  count: number;
  /** Site path of the first page of the model's list (`models/acme-m-7/`). */
  path: string;
}

/** A group of the page's own model that the side tree does not list: a link to the page of the model's list where it starts. */
export interface TreeMore {
  gpu: string;
  count: number;
  path: string;
}

/** What the side tree of one report page shows; its size is bounded by `limit` whatever the site's size. */
export interface PageTree {
  whole: boolean;
  open: TreeModel[];
  folded: TreeFold[] | null;
  total: number;
  /** When the own model is over `limit`: its list (`path` of the page that holds this report) and its count. */
  more: { model: string | null; count: number; path: string; gpus: TreeMore[] } | null;
}

const count = (m: TreeModel) => m.gpus.reduce((k, g) => k + g.reports.length, 0);

/**
 * The side tree of one report page. A site of at most `limit` reports gets the whole tree. A larger one gets the
 * page's own model in full and the other models as one link each (a count), or, past `limit` models, no list. A
 * model of more than `limit` reports is shown as a window of at most `limit` reports of the page's GPU around it,
 * the model's other GPUs as counts, and a link to the model's paginated list (`modelLists`). The tree's size
 * stays bounded whatever N is, where the whole tree (or one whole model) made every page grow with the site.
 */
export function pageTree(tree: readonly TreeModel[], slug: string, limit = TREE_FULL, given?: ReturnType<typeof modelLists>): PageTree {
  // The lists of the whole site: made once by a caller that renders every page (made here, each page would walk N).
  let made: ReturnType<typeof modelLists> | undefined;
  const listsOf = () => (made ??= given ?? modelLists(tree));
  const total = given?.total ?? tree.reduce((n, m) => n + count(m), 0);
  if (total <= limit) return { whole: true, open: [...tree], folded: [], total, more: null };
  const place = listsOf().placeOf(slug);
  const own = place?.model;
  const folded =
    tree.length - (own ? 1 : 0) <= limit
      ? tree.filter((m) => m !== own).map((m) => ({ model: m.model, count: count(m), path: listsOf().first(m.model) }))
      : null;
  if (!own || count(own) <= limit) return { whole: false, open: own ? [own] : [], folded, total, more: null };
  const { gpu, at } = place;
  const from = Math.max(0, Math.min(at - Math.floor(limit / 2), gpu.reports.length - limit));
  const lists = listsOf();
  const window = { gpu: gpu.gpu, reports: gpu.reports.slice(from, from + limit) };
  const more = {
    model: own.model,
    count: count(own),
    path: lists.pathOf(slug) ?? lists.first(own.model),
    gpus:
      own.gpus.length <= limit
        ? own.gpus.filter((g) => g !== gpu).map((g) => ({ gpu: g.gpu, count: g.reports.length, path: lists.pathOf(g.reports[0].slug)! }))
        : [],
  };
  return { whole: false, open: [{ model: own.model, gpus: [window] }], folded, total, more };
}

/** One page of a model's list of reports: its GPUs' reports on this page, in tree order. */
export interface ModelListPage {
  model: string | null;
  /** Site path of this page (`models/acme-m-7/`, `models/acme-m-7/2/`). */
  path: string;
  page: number;
  pages: number;
  count: number;
  gpus: TreeGpu[];
  /** Paths of every page of this model's list, first to last. */
  paths: string[];
}

/** One page of the list of models. */
export interface ModelIndexPage {
  path: string;
  page: number;
  pages: number;
  paths: string[];
  models: Array<{ model: string | null; count: number; path: string }>;
}

/** Path segment of a model: lower-case letters and digits joined by `-`; never all digits (those are page numbers). */
function modelSegment(model: string | null): string {
  if (model === null) return 'other-pages';
  const s = model
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    // One `-` at most at either end after the line above.
    .replace(/^-/, '')
    .replace(/-$/, '');
  return !s ? 'model' : /^\d+$/.test(s) ? `model-${s}` : s;
}

const pagePath = (base: string, page: number) => (page === 1 ? `${base}/` : `${base}/${page}/`);

/**
 * Every model's list of reports, `size` to a page (`models/<model>/`, then `models/<model>/2/`, ...), and the list
 * of models (`models/`, `models/2/`, ...): each page holds at most `size` links to reports or models, so every
 * report is reachable by links from pages of bounded size. Two models whose names give one path segment get `-2`.
 */
export function modelLists(tree: readonly TreeModel[], size = LIST_PAGE) {
  const taken = new Set<string>();
  const pages: ModelListPage[] = [];
  const where = new Map<string, string>();
  const places = new Map<string, { model: TreeModel; gpu: TreeGpu; at: number }>();
  let total = 0;
  const firsts = new Map<string | null, string>();
  const index: ModelIndexPage['models'] = [];
  for (const m of tree) {
    for (const gpu of m.gpus) gpu.reports.forEach((r, at) => places.set(r.slug, { model: m, gpu, at }));
    total += count(m);
    let segment = modelSegment(m.model);
    for (let k = 2; taken.has(segment); k++) segment = `${modelSegment(m.model)}-${k}`;
    taken.add(segment);
    const leaves = m.gpus.flatMap((g) => g.reports.map((r) => ({ gpu: g.gpu, r })));
    const n = Math.max(1, Math.ceil(leaves.length / size));
    const paths = Array.from({ length: n }, (_, i) => pagePath(`models/${segment}`, i + 1));
    for (let p = 0; p < n; p++) {
      const gpus: TreeGpu[] = [];
      for (const { gpu, r } of leaves.slice(p * size, (p + 1) * size)) {
        if (gpus.at(-1)?.gpu !== gpu) gpus.push({ gpu, reports: [] });
        gpus.at(-1)!.reports.push(r);
        where.set(r.slug, paths[p]);
      }
      pages.push({ model: m.model, path: paths[p], page: p + 1, pages: n, count: leaves.length, gpus, paths });
    }
    firsts.set(m.model, paths[0]);
    index.push({ model: m.model, count: leaves.length, path: paths[0] });
  }
  const n = Math.max(1, Math.ceil(index.length / size));
  const indexPaths = Array.from({ length: n }, (_, i) => pagePath('models', i + 1));
  const indexPages: ModelIndexPage[] = indexPaths.map((path, p) => ({
    path,
    page: p + 1,
    pages: n,
    paths: indexPaths,
    models: index.slice(p * size, (p + 1) * size),
  }));
  return {
    pages,
    index: indexPages,
    /** The path of the page of its model's list that holds the report `slug`. */
    pathOf: (slug: string) => where.get(slug) ?? null,
    /** The path of the first page of a model's list. */
    first: (model: string | null) => firsts.get(model) ?? 'models/',
    /** Where the report `slug` is in the tree: its model, its GPU and its position among that GPU's reports. */
    placeOf: (slug: string) => places.get(slug) ?? null,
    /** How many reports the tree has. */
    total,
  };
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
