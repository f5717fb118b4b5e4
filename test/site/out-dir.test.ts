// A build into a folder outside the project (`PERFLAB_OUT_DIR`, or `astro build --outDir ../site`) is staged in a
// folder of its own and moved into place when done: Astro's internals never land beside the site.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, expect, it, vi } from 'vitest';
import config from '../../astro.config.mjs';
import { SITE_MARKER } from '../../src/lib/site/out-dir.mjs';

type Hooks = {
  'astro:config:setup': (o: { command: string; config: { outDir: URL }; updateConfig: (c: { outDir: URL }) => void }) => void;
  'astro:build:done': (o: { dir: URL }) => void;
};
const hooks = () => {
  const found = config.integrations?.find((i) => !!i && typeof i === 'object' && 'name' in i && i.name === 'perflab-outside-out-dir');
  expect(found, 'the staging integration is configured').toBeTruthy();
  return (found as unknown as { hooks: Hooks }).hooks;
};

/** The output folders the config's setup hook asks Astro for, for one command and output folder. */
function setup(h: Hooks, command: string, outDir: string): URL[] {
  const updates: URL[] = [];
  h['astro:config:setup']({ command, config: { outDir: pathToFileURL(`${outDir}/`) }, updateConfig: (c) => updates.push(c.outDir) });
  return updates;
}

let tmp = '';
afterEach(() => tmp && rmSync(tmp, { recursive: true, force: true }));

it('should stage a build whose output folder is outside the project, however it was asked for, then move it there', () => {
  tmp = mkdtempSync(join(tmpdir(), 'perflab-outdir-'));
  const target = join(tmp, 'site');
  mkdirSync(target);
  writeFileSync(join(target, 'stale.html'), 'from an earlier build');
  writeFileSync(join(target, SITE_MARKER), 'an earlier build');
  const h = hooks();
  // As `astro build --outDir <target>` gives it: the final config's folder, not this project's default.
  const updates = setup(h, 'build', target);
  expect(updates).toHaveLength(1);
  const stage = resolve(fileURLToPath(updates[0]));
  expect(stage).not.toBe(target);
  expect(stage.startsWith(resolve('node_modules', '.astro'))).toBe(true);
  mkdirSync(stage, { recursive: true });
  writeFileSync(join(stage, 'index.html'), 'the site');
  h['astro:build:done']({ dir: pathToFileURL(`${stage}/`) });
  expect(readFileSync(join(target, 'index.html'), 'utf8')).toBe('the site');
  expect(existsSync(join(target, 'stale.html'))).toBe(false);
  expect(existsSync(stage)).toBe(false);
});

it('should leave a build into a folder inside the project, and the dev server, as they are', () => {
  const h = hooks();
  expect([...setup(h, 'build', resolve('dist')), ...setup(h, 'dev', `${tmpdir()}/elsewhere`)]).toEqual([]);
});

it('should leave an outside folder that holds files of its own untouched, and the site in its stage', () => {
  tmp = mkdtempSync(join(tmpdir(), 'perflab-outdir-'));
  const target = join(tmp, 'site');
  const h = hooks();
  const stage = resolve(fileURLToPath(setup(h, 'build', target)[0]));
  mkdirSync(stage, { recursive: true });
  writeFileSync(join(stage, 'index.html'), 'the site');
  // Filled by someone else while the site was being built.
  mkdirSync(target);
  writeFileSync(join(target, 'notes.txt'), 'mine');
  const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
    throw new Error('exit');
  });
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    expect(() => h['astro:build:done']({ dir: pathToFileURL(`${stage}/`) })).toThrow('exit');
    expect(exit).toHaveBeenCalledWith(2);
    expect(String(stderr.mock.calls[0]?.[0])).toMatch(/holds files perflab did not write/);
  } finally {
    exit.mockRestore();
    stderr.mockRestore();
  }
  expect(readFileSync(join(target, 'notes.txt'), 'utf8')).toBe('mine');
  expect(readFileSync(join(stage, 'index.html'), 'utf8')).toBe('the site');
  rmSync(stage, { recursive: true, force: true });
});
