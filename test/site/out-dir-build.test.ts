// `npm run build` into a folder it must not replace, in a throw-away copy of the project (its tracked files, a page
// of its own, node_modules linked): each is refused with exit 2 and one line before anything is written, and every
// file of the copy and of the folder around it is still there afterwards.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { astroBin, projectRoot } from './build.js';

let base = '';
let copy = '';
const tree = () =>
  readdirSync(base, { recursive: true })
    .map(String)
    .filter((p) => !p.startsWith(join('proj', 'node_modules')))
    .sort();

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'perflab-outdir-build-'));
  copy = join(base, 'proj');
  const tracked = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: projectRoot, encoding: 'utf8' })
    .stdout.split('\0')
    .filter(Boolean);
  for (const file of tracked.filter((f) => !f.startsWith('content/'))) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(projectRoot, file), join(copy, file));
  }
  mkdirSync(join(copy, 'content', 'm'), { recursive: true });
  writeFileSync(join(copy, 'content', 'm', 'r.md'), '# A report\n\nNothing measured yet.\n');
  mkdirSync(join(copy, 'reports'), { recursive: true });
  writeFileSync(join(copy, 'reports', 'k.md'), '# Another report\n');
  symlinkSync(join(projectRoot, 'node_modules'), join(copy, 'node_modules'));
  writeFileSync(join(base, 'sibling.txt'), 'a file beside the project');
});
afterAll(() => base && rmSync(base, { recursive: true, force: true }));

const build = (env: Record<string, string>, args: string[] = []) =>
  spawnSync(process.execPath, [astroBin(copy), 'build', ...args], {
    cwd: copy,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', PERFLAB_OUT_DIR: '', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });

it.each([
  [{ PERFLAB_OUT_DIR: '.' }, [], 'is the project folder'],
  [{ PERFLAB_OUT_DIR: '..' }, [], 'contains the project folder'],
  [{ PERFLAB_OUT_DIR: 'content' }, [], 'is a content folder'],
  [{ PERFLAB_OUT_DIR: 'content/m' }, [], 'lies inside the content folder'],
  [{ PERFLAB_OUT_DIR: 'reports', PERFLAB_CONTENT: 'content,reports' }, [], 'is a content folder'],
  [{ PERFLAB_OUT_DIR: 'src' }, [], 'holds files perflab did not write'],
  [{}, ['--outDir', '.'], 'is the project folder'],
])('should refuse %j %j, deleting nothing', (env, args, reason) => {
  const before = tree();
  const run = build(env as Record<string, string>, args);
  expect(run.status, run.stderr).toBe(2);
  const lines = run.stderr.split('\n').filter((l) => l.startsWith('perflab:'));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(reason);
  expect(lines[0]).toContain('nothing was written');
  expect(tree()).toEqual(before);
});

it('should not index for search, nor remove anything in, a folder that no build of perflab wrote', () => {
  const before = tree();
  const run = spawnSync(process.execPath, [join(copy, 'scripts', 'search-index.mjs'), join(copy, 'src')], { cwd: copy, encoding: 'utf8' });
  expect(run.status).toBe(2);
  expect(run.stderr).toContain('is not a site perflab built');
  expect(tree()).toEqual(before);
});
