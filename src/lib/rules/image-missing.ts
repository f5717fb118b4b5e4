/**
 * `image-missing` (warning): A relative image file does not exist, or an image has no source.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#image-missing shows them.
 */
import { dirname, resolve } from 'node:path';
import { emit } from '../diagnostics.js';
import { isExternal, pageLinks, splitUrl } from '../model/tree.js';
import { reportPage } from './shared/examples.js';
import { contentFolderOf, outsideFolder } from '../content-folder.js';
import type { Rule } from './types.js';

/** A Conclusion chart at `src`. */
const page = (src: string) => reportPage({ title: 'Optimizing Demo-8B Throughput', conclusion: [`![demo-8b-h100](${src})`] });

/**
 * A relative image (Markdown or raw HTML `<img>`) whose file does not exist next to the page, or an image with no
 * source at all. A warning, not an error: the pages come from a
 * documentation tree whose charts (`../../assets/performance-lab/*.png`) live outside this repository, so a
 * missing chart only means the site shows the alt text; no stated number depends on it. External images are
 * not checked; pages without a file on disk are skipped. An image outside the content folder is reported as such,
 * whether or not a file is there (the site publishes nothing from outside, and a message must not tell which files
 * the building machine holds).
 */
export const imageMissing: Rule = {
  id: 'image-missing',
  severity: 'warning',
  description: 'A relative image file does not exist, or an image has no source.',
  fix: 'Add the image file next to the page (inside the content folder), or fix its path.',
  examples: { ok: page('https://example.org/demo-8b-h100.png'), notOk: page('../../assets/performance-lab/demo-8b-h100.png') },
  check({ report, file, tree, absolutePath, exists }) {
    const base = dirname(absolutePath ?? resolve(report.path));
    const folder = contentFolderOf(absolutePath, file.path);
    for (const image of pageLinks(tree, true)) {
      if (isExternal(image.url) || image.url.startsWith('data:')) continue;
      const { path } = splitUrl(image.url);
      if (image.url.trim() === '') {
        emit(file, 'image-missing', 'warning', { line: image.line, column: image.column }, 'Unexpected image with no source', {
          expected: 'the path of an image file',
          actual: 'no source',
        });
        continue;
      }
      if (!path) continue;
      if (outsideFolder(folder, resolve(base, path))) {
        emit(
          file,
          'image-missing',
          'warning',
          { line: image.line, column: image.column },
          `Unexpected image \`${path}\`: outside the content folder, so the site cannot publish it`,
          { expected: 'an image file inside the content folder', actual: path },
        );
        continue;
      }
      if (exists(resolve(base, path))) continue;
      emit(
        file,
        'image-missing',
        'warning',
        { line: image.line, column: image.column },
        `Unexpected image \`${path}\`: no such file next to this page`,
        {
          expected: 'an existing image file',
          actual: path,
        },
      );
    }
  },
};
