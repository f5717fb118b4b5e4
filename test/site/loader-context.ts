// An in-memory Astro loader context for loader tests: a store, a meta map and a logger that records lines.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { storedEntry } from '../../src/lib/site/cached.js';
import { storeRefSchema, type StoredEntry } from '../../src/lib/site/entry.js';
import { projectRoot } from './build.js';

export interface FakeLoader {
  context: LoaderContext;
  entries: Map<string, any>;
  logs: string[];
}

/** State kept across loads (a store, its meta, the log), and a hook called on every stored entry. */
export interface LoaderState {
  entries: Map<string, any>;
  meta: Map<string, string>;
  logs: string[];
  onSet?: (id: string) => void;
}

/**
 * `root`: project root (content under it); `cacheDir`: absolute; `parseData` may be replaced to make one page
 * fail; `state` carries the store from one load to the next (a fresh one by default).
 */
export function fakeLoader(
  root: string,
  cacheDir: string,
  parseData?: (input: { id: string; data: unknown }) => Promise<unknown>,
  state: LoaderState = { entries: new Map(), meta: new Map(), logs: [] },
): FakeLoader {
  const { entries, meta, logs } = state;
  const store = {
    get: (id: string) => entries.get(id),
    set: (e: any) => (entries.set(e.id, e), state.onSet?.(e.id), true),
    delete: (id: string) => void entries.delete(id),
    keys: () => [...entries.keys()],
    values: () => [...entries.values()],
    entries: () => [...entries],
    has: (id: string) => entries.has(id),
    clear: () => entries.clear(),
    addModuleImport: () => {},
  };
  const log = (level: string) => (msg: string) => void logs.push(`${level} ${msg}`);
  const context = {
    collection: 'reports',
    store,
    meta: {
      get: (k: string) => meta.get(k),
      set: (k: string, v: string) => void meta.set(k, v),
      has: (k: string) => meta.has(k),
      delete: (k: string) => void meta.delete(k),
    },
    logger: {
      info: log('info'),
      warn: log('warn'),
      error: log('error'),
      debug: log('debug'),
      options: {},
      label: 'test',
      fork: () => undefined,
    },
    config: { root: pathToFileURL(`${root}/`), cacheDir: pathToFileURL(`${cacheDir}/`), base: '/' },
    parseData: parseData ?? (async ({ data }: { data: unknown }) => storeRefSchema.parse(data)),
    generateDigest: (data: unknown) =>
      createHash('sha1')
        .update(typeof data === 'string' ? data : JSON.stringify(data))
        .digest('hex'),
    renderMarkdown: async () => ({ html: '' }),
  } as unknown as LoaderContext;
  return { context, entries, logs };
}

/** A stored item with its entry read back from the cache, as the site's routes read it. */
export function readEntry(item: { data: unknown } | undefined): { data: StoredEntry } {
  if (!item) throw new Error('no such entry in the store');
  return { ...item, data: storedEntry(storeRefSchema.parse(item.data)) };
}

/**
 * A temporary project whose `content/` holds the seed pages (test/fixtures/seed-pages/), the site fixtures (links between pages,
 * images, mismatches) and, when it is beside the repository, the family's corpus (copied to the temporary folder,
 * never into the repository). `who` names the test in the message said when the corpus is absent.
 */
export function realPagesProject(who: string, copiesWithoutCorpus = 0): string {
  const corpus = join(projectRoot, '..', 'shared', 'corpus');
  const root = mkdtempSync(join(tmpdir(), `perflab-${who}-`));
  cpSync(join(projectRoot, 'test', 'fixtures', 'seed-pages'), join(root, 'content'), { recursive: true });
  cpSync(join(projectRoot, 'test/fixtures/site'), join(root, 'content', 'fixtures'), { recursive: true });
  if (existsSync(corpus)) cpSync(corpus, join(root, 'content', 'corpus'), { recursive: true });
  else {
    // A test that needs about as many pages as the corpus adds gets copies of the repository's pages instead.
    for (let i = 1; i <= copiesWithoutCorpus; i++)
      cpSync(join(projectRoot, 'test', 'fixtures', 'seed-pages'), join(root, 'content', `copy-${i}`), { recursive: true });
    if (!warned.has(who)) {
      warned.add(who);
      const copies = copiesWithoutCorpus ? ` (and ${copiesWithoutCorpus} copies of them, for as many pages)` : '';
      console.warn(`${who}: ${corpus} is absent; comparing the repository's own pages only${copies}`);
    }
  }
  return root;
}

const warned = new Set<string>();
