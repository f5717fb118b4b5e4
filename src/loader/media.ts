// Images referenced by a page: published under `/media/` when the file exists next to the content,
// otherwise the renderer shows a labelled placeholder.
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { siteUrl } from '../lib/site/urls.js';

// Raster formats only: an SVG opened directly would run its scripts on our origin.
const IMAGE = /\.(png|jpe?g|gif|webp|avif)$/i;

export function mediaResolver(base: string, projectRoot: string, pagePath: string) {
  const published = new Map<string, string>();
  return {
    resolve(src: string): string | null {
      let decoded: string;
      try {
        decoded = decodeURIComponent(src.split(/[?#]/)[0]);
      } catch {
        return null;
      }
      const file = resolve(dirname(pagePath), decoded);
      const rel = relative(projectRoot, file);
      if (!IMAGE.test(file) || rel.startsWith('..') || !existsSync(file) || !statSync(file).isFile()) return null;
      const project = rel.split(sep).join('/');
      const hash = createHash('sha256').update(project).digest('hex').slice(0, 10);
      const url = siteUrl(base, `media/${hash}/${basename(file)}`);
      published.set(url, project);
      return url;
    },
    published: () => [...published].map(([url, file]) => ({ url, file })),
  };
}
