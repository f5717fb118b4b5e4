// What a page's check and render asked of the disk: whether each linked file exists, and where each image is
// published (or that it is not). Kept with the stored entry, so that an entry is reused only while every answer is
// the same: a page is checked and rendered again when a file it links to appears or goes away.
import { existsSync } from 'node:fs';
import { isAbsolute, posix } from 'node:path';
import type { MediaResolver } from './media.js';
import { savedFilesHold } from '../lib/saved/read.js';
import type { Report } from '../lib/schemas/report.js';
import type { Cited, Probe } from '../lib/site/entry.js';

export class Probes {
  private readonly files = new Map<string, boolean>();
  private readonly images = new Map<string, string | null>();

  /** `existsSync`, remembered. */
  readonly exists = (path: string): boolean => {
    const known = this.files.get(path);
    if (known !== undefined) return known;
    const found = existsSync(path);
    this.files.set(path, found);
    return found;
  };

  /** The page's media resolver, each answer remembered. */
  media(resolver: Pick<MediaResolver, 'resolve' | 'published'>): Pick<MediaResolver, 'resolve' | 'published'> {
    return {
      resolve: (src: string) => {
        const url = resolver.resolve(src);
        this.images.set(src, url);
        return url;
      },
      published: () => resolver.published(),
    };
  }

  private readonly saved: Probe[] = [];

  /** The saved result files a page's runs were read from (`report.savedFiles`), with the digest each had. */
  savedFiles(absolutePath: string, report: Pick<Report, 'path' | 'savedFiles'>): void {
    for (const f of report.savedFiles ?? [])
      this.saved.push({ kind: 'saved', path: absolutePath, page: report.path, link: f.link, answer: f.digest });
  }

  list(): Probe[] {
    return [
      ...[...this.files].map(([path, found]): Probe => ({ kind: 'file', path, answer: found })),
      ...[...this.images].map(([path, url]): Probe => ({ kind: 'image', path, answer: url })),
      ...this.saved,
    ];
  }
}

/** Whether every stored answer is still what the disk says (false when there is no list to compare). */
export function probesHold(probes: readonly Probe[] | undefined, media: Pick<MediaResolver, 'resolve'>): boolean {
  if (!Array.isArray(probes)) return false;
  return probes.every((p) =>
    p.kind === 'file'
      ? existsSync(p.path) === p.answer
      : p.kind === 'saved'
        ? savedFilesHold(p.path, p.page, [{ link: p.link, digest: p.answer }])
        : media.resolve(p.path) === p.answer,
  );
}

/**
 * The other pages a checked page cites: those it links to (`links`: every link of its tree, references included),
 * those its claims were traced to, and those its messages name (as `path.md`). Their headings and places (lines, run
 * ids) are in its entry and its checks (`anchor-missing`), so it is checked again when their view changes; no other
 * page's headings are read.
 */
export function citedPages(
  report: Report,
  pages: ReadonlyMap<string, unknown>,
  links: readonly { url: string }[] = report.links,
): string[] {
  const out = new Set<string>();
  // Pages it links to: their headings and runs are the anchors its links may keep. A path is taken both as written
  // and decoded, joined as the renderer joins it and resolved from the root as the link rules resolve it: a page
  // either way is cited (citing one more page only costs a check).
  for (const l of links) {
    const written = l.url.split(/[?#]/)[0];
    for (const path of new Set([written, safeDecode(written)])) {
      if (!path || isAbsolute(path) || /^[a-z][a-z0-9+.-]*:/i.test(path)) continue;
      const joined = posix.join(posix.dirname(report.path), path);
      for (const target of [posix.normalize(joined), posix.resolve('/', joined).slice(1)])
        if (target !== report.path && pages.has(target)) out.add(target);
    }
  }
  for (const c of report.claims) for (const s of [c.source, ...c.sources]) if (s && s.path !== report.path) out.add(s.path);
  for (const m of report.messages) for (const path of mdPaths(m.message)) if (path !== report.path && pages.has(path)) out.add(path);
  return [...out].sort();
}

/** Every `….md` a message names: each word (between blanks, quotes, brackets) cut after each `.md` that ends a name. */
function mdPaths(message: string): string[] {
  const out: string[] = [];
  for (const word of message.split(/[\s`'"()<>]/)) {
    for (let at = word.indexOf('.md'); at >= 0; at = word.indexOf('.md', at + 1)) {
      const next = word.charAt(at + 3);
      if (!/\w/.test(next)) out.push(word.slice(0, at + 3));
    }
  }
  return out;
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** Whether every cited page is still there with the same view (false when there is no list to compare). */
export function citedHold(cited: readonly Cited[] | undefined, viewOf: (path: string) => string | null): boolean {
  return Array.isArray(cited) && cited.every((c) => viewOf(c.path) === c.view);
}
