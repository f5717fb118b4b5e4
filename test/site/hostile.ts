// Builds a separate site from hostile pages (test/fixtures/hostile) in a content folder outside the project, next to
// files the site must never publish: a symlink to an outside file, a symlinked outside folder, and pages that point
// at images by `../../`. Kept apart from the main site build (test/site/build.ts); rebuilt when its inputs change.
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildOnce, buildSite, inputHash, projectRoot } from './build.js';
import { HOSTILE_PAGE } from '../sinks/hostile-page.js';

/** Bytes that only the outside files contain: none may reach the built site. */
export const SECRET = 'PERFLAB-OUTSIDE-SECRET-7f3a';

const inputs = [
  'test/fixtures/hostile',
  'test/site/hostile.ts',
  'test/sinks/hostile-page.ts',
  'src',
  'public',
  'astro.config.mjs',
  'package-lock.json',
];

const png = Buffer.from('89504e470d0a1a0a', 'hex');

/** Lays out `<dir>/content` (the hostile pages plus symlinks) and `<dir>/outside` (what must stay unpublished). */
export function layOut(dir: string): { content: string; outside: string } {
  const content = join(dir, 'content');
  const outside = join(dir, 'outside');
  cpSync(join(projectRoot, 'test/fixtures/hostile'), content, { recursive: true });
  mkdirSync(join(outside, 'folder'), { recursive: true });
  writeFileSync(join(outside, 'secret.png'), Buffer.concat([png, Buffer.from(SECRET)]));
  writeFileSync(join(outside, 'folder', 'inner.png'), Buffer.concat([png, Buffer.from(SECRET)]));
  writeFileSync(join(outside, 'folder', 'secret.md'), `# Outside page\n\n${SECRET}\n`);
  symlinkSync(join(outside, 'secret.png'), join(content, 'models', 'leak.png'));
  symlinkSync(join(outside, 'secret.png'), join(content, 'models', 'leak.md'));
  symlinkSync(join(outside, 'folder'), join(content, 'linked'));
  // A folder that links back to its own parent: the listing must not loop.
  symlinkSync(join(content, 'models'), join(content, 'models', 'loop'));
  // Line breaks, ESC, `::error`, `=cmd` and Markdown for every sink (the build log, runs.csv, llms.txt).
  writeFileSync(join(content, 'models', 'sinks.md'), HOSTILE_PAGE);
  writeFileSync(
    join(content, 'models', 'escape.md'),
    [
      '# Images that point outside the content folder',
      '',
      'hostilesearchterm: none of these may be published.',
      '',
      '![symlink to an outside file](leak.png)',
      '',
      '![through a symlinked folder](../linked/inner.png)',
      '',
      '![relative path out of the folder](../../outside/secret.png)',
      '',
      `![into the project](${relative(join(content, 'models'), join(projectRoot, 'test/fixtures/site/fixtures/assets/pixel.png'))})`,
      '',
      `![absolute path](${join(outside, 'secret.png')})`,
      '',
    ].join('\n'),
  );
  return { content, outside };
}

/**
 * A second content folder inside the project (as `content/` is), since a check against the project root alone would
 * pass for the outside folder: links from here to an outside file, an outside folder and another project file.
 */
export function layOutInside(outside: string): string {
  const inside = join(projectRoot, 'test-results', 'hostile-inside');
  rmSync(inside, { recursive: true, force: true });
  mkdirSync(join(inside, 'inner'), { recursive: true });
  symlinkSync(join(outside, 'secret.png'), join(inside, 'inner', 'leak.png'));
  symlinkSync(join(outside, 'folder'), join(inside, 'linked'));
  writeFileSync(
    join(inside, 'inner', 'leaky.md'),
    [
      '# Images that point outside a content folder inside the project',
      '',
      'hostilesearchterm',
      '',
      '![symlink to an outside file](leak.png)',
      '',
      '![through a symlinked folder](../linked/inner.png)',
      '',
      '![a project file outside the content folder](../../../test/fixtures/hostile/models/pixel.png)',
      '',
    ].join('\n'),
  );
  return inside;
}

export interface HostileBuild {
  dir: string;
  dist: string;
  content: string;
  outside: string;
  log: string;
}

function build(dir: string): void {
  const { content, outside } = layOut(dir);
  const inside = layOutInside(outside);
  buildSite(dir, [content, inside], { NODE_ENV: 'production' });
}

/** The hostile site, built once per input hash in a folder outside the project (parallel callers wait). */
export async function hostileSite(): Promise<HostileBuild> {
  const dir = join(tmpdir(), 'perflab-hostile', inputHash(inputs));
  await buildOnce(dir, build);
  return {
    dir,
    dist: join(dir, 'dist'),
    content: join(dir, 'content'),
    outside: join(dir, 'outside'),
    log: readFileSync(join(dir, 'build.log'), 'utf8'),
  };
}
