import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { astroCommand } from '../../scripts/bench/site.mjs';

// The bench times the astro step of `npm run build` as users run it, Node flags included.
describe('astroCommand', () => {
  const dirs: string[] = [];
  const project = (build: string): string => {
    const dir = mkdtempSync(join(tmpdir(), 'perflab-bench-site-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: { build } }));
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("reads this project's build script: Node with its flags, then Astro's own entry", () => {
    const [file, args] = astroCommand(resolve('.'));
    expect(file).toBe(process.execPath);
    expect(args.at(-1)).toBe('build');
    expect(args.at(-2)).toBe(resolve('node_modules/astro/bin/astro.mjs'));
    expect((args as string[]).slice(0, -2).every((a) => a.startsWith('--'))).toBe(true);
  });

  it('takes a plain `astro build` and a `node` command, and stops at the first `&&`', () => {
    const plain = project('astro build && pagefind --site dist');
    expect(astroCommand(plain)).toEqual([join(plain, 'node_modules', '.bin', 'astro'), ['build']]);
    const flagged = project('node --a=1 --b x/astro.js build && pagefind --site dist');
    expect(astroCommand(flagged)).toEqual([process.execPath, ['--a=1', '--b', join(flagged, 'x/astro.js'), 'build']]);
  });

  it('refuses a build script it cannot time as users run it', () => {
    expect(() => astroCommand(project('vite build'))).toThrow(/neither/);
    expect(() => astroCommand(project('node x/astro.js dev'))).toThrow(/neither/);
  });
});
