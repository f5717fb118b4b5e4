// Media and Markdown listing never reach outside the content folders: symlinks, linked folders, `../` paths.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listMarkdown, type SkippedPath } from '../../src/lib/site/files.js';
import { mediaResolver, publishableImage } from '../../src/loader/media.js';

let dir = '';
let project = '';
let content = '';
let outside = '';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'perflab-media-'));
  project = join(dir, 'project');
  content = join(project, 'content');
  outside = join(dir, 'outside');
  mkdirSync(join(content, 'model'), { recursive: true });
  mkdirSync(join(project, 'node_modules', 'pkg'), { recursive: true });
  mkdirSync(join(outside, 'folder'), { recursive: true });
  writeFileSync(join(content, 'model', 'page.md'), '# Page\n');
  writeFileSync(join(content, 'model', 'ok.png'), 'png');
  writeFileSync(join(project, 'node_modules', 'pkg', 'logo.png'), 'png');
  writeFileSync(join(outside, 'passwd'), 'root:x:0:0');
  writeFileSync(join(outside, 'folder', 'inner.png'), 'png');
  writeFileSync(join(outside, 'folder', 'secret.md'), '# Secret\n');
  symlinkSync(join(outside, 'passwd'), join(content, 'model', 'leak.png'));
  symlinkSync(join(outside, 'folder'), join(content, 'linked'));
  symlinkSync(join(content, 'model', 'ok.png'), join(content, 'model', 'alias.png'));
  symlinkSync(content, join(content, 'model', 'loop'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('mediaResolver', () => {
  const resolver = () => mediaResolver('/', project, join(content, 'model', 'page.md'), [content]);

  it('should publish a real image beside the page, and a symlink that stays inside the content folder', () => {
    const media = resolver();
    expect(media.resolve('ok.png')).toMatch(/^\/media\/[0-9a-f]{10}\/ok\.png$/);
    expect(media.resolve('alias.png')).toMatch(/^\/media\/[0-9a-f]{10}\/alias\.png$/);
    expect(media.published().map((m) => m.file)).toEqual(['content/model/ok.png', 'content/model/alias.png']);
  });

  it.each([
    ['a symlink to an outside file', 'leak.png'],
    ['an image through a symlinked outside folder', '../linked/inner.png'],
    ['a relative path into the project', '../../node_modules/pkg/logo.png'],
    ['a relative path out of the project', '../../../outside/folder/inner.png'],
    ['an encoded relative path', '..%2F..%2Fnode_modules%2Fpkg%2Flogo.png'],
    ['an absolute path', '/etc/passwd.png'],
    ['a malformed escape', '%E0%A4%A.png'],
  ])('should refuse %s', (_what, src) => {
    const media = resolver();
    expect(media.resolve(src)).toBeNull();
    expect(media.published()).toEqual([]);
  });

  it('should publish images beside pages in a content folder outside the project', () => {
    const media = mediaResolver('/', join(dir, 'elsewhere-project'), join(content, 'model', 'page.md'), [content]);
    expect(media.resolve('ok.png')).toMatch(/\/ok\.png$/);
    expect(publishableImage(join(content, 'model', 'ok.png'), [content])).toBe(join(content, 'model', 'ok.png'));
  });
});

describe('listMarkdown', () => {
  it('should not follow a symlinked folder out of the root, nor loop, and should say what it skipped', () => {
    const skipped: SkippedPath[] = [];
    const files = listMarkdown([content], project, skipped);
    expect(files.map((f) => f.path)).toEqual(['model/page.md']);
    expect(skipped).toEqual([
      { path: join(content, 'linked'), reason: 'a symlink that leaves its content folder' },
      {
        path: join(content, 'model', 'loop'),
        reason: 'a symlink to `.`, which is read at its own path (a link would publish its pages twice)',
      },
    ]);
  });
});
