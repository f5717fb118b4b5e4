import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT } from '../helpers/pages.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'perflab.mjs');
const DOC = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');

function blocks(lang: string): string[] {
  return [...DOC.matchAll(new RegExp('^```' + lang + '\\n([\\s\\S]*?)^```$', 'gm'))].map((m) => m[1]);
}

const hasGit = spawnSync('git', ['--version']).status === 0;

beforeAll(() => {
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-cli.mjs')], { cwd: ROOT });
});

describe('docs/ci.md', () => {
  it('should hold a workflow that installs on Node 20, checks with annotations, uploads SARIF, builds and publishes dist/', () => {
    const workflow = parse(blocks('yaml')[0]);
    const steps = Object.values(
      workflow.jobs as Record<string, { steps: { uses?: string; run?: string; with?: Record<string, unknown> }[] }>,
    ).flatMap((j) => j.steps);
    const runs = steps.map((s) => s.run ?? '');
    const uses = steps.map((s) => (s.uses ?? '').replace(/@.*/, ''));
    expect(steps.find((s) => s.uses?.startsWith('actions/setup-node'))?.with?.['node-version']).toBe(20);
    expect(runs).toContain('npm install');
    expect(runs).toContain('npx perflab check content --format github');
    expect(runs.some((r) => r.startsWith('npx perflab check content --format sarif > perflab.sarif'))).toBe(true);
    expect(runs).toContain('npm run build');
    expect(uses).toEqual(
      expect.arrayContaining(['github/codeql-action/upload-sarif', 'actions/upload-pages-artifact', 'actions/deploy-pages']),
    );
    expect(steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact'))?.with?.path).toBe('dist');
  });

  it('should hold a pre-commit framework hook that runs perflab check on staged reports', () => {
    const config = parse(blocks('yaml')[1]);
    expect(config.repos[0].hooks[0]).toMatchObject({
      entry: 'npx perflab check --quiet',
      files: '^content/.*\\.md$',
      pass_filenames: true,
    });
  });

  it.skipIf(!hasGit)('should hold a git pre-commit script that blocks a staged wrong number and lets the fixed page through', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perflab-hook-'));
    const git = (...args: string[]) =>
      spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, PATH: `${join(dir, 'shim')}:${process.env.PATH}` },
      });
    git('init', '-q');
    // `npx perflab` resolves to the CLI under test.
    mkdirSync(join(dir, 'shim'));
    writeFileSync(join(dir, 'shim', 'npx'), `#!/bin/sh\nshift\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(dir, 'shim', 'npx'), 0o755);
    writeFileSync(join(dir, '.git', 'hooks', 'pre-commit'), blocks('sh')[0]);
    chmodSync(join(dir, '.git', 'hooks', 'pre-commit'), 0o755);
    mkdirSync(join(dir, 'content'));
    const page = join(dir, 'content', 'my page.md');
    cpSync(join(CONTENT, 'qwen3-32b', 'h100.md'), page);
    writeFileSync(page, readFileSync(page, 'utf8').replace(/ <!-- perflab-ignore claim-mismatch: the two cells[^>]*-->/, ''));
    git('add', '-A', 'content');
    const blocked = git('commit', '-qm', 'wrong number');
    expect(blocked.status).toBe(1);
    expect(blocked.stdout + blocked.stderr).toMatch(/content\/my page\.md:22:134 {2}error {2}Unexpected `\+10\.7%`/);
    writeFileSync(page, readFileSync(page, 'utf8').replace('(+10.7%)', '(+46.8%)'));
    git('add', '-A', 'content');
    expect(git('commit', '-qm', 'fixed').status).toBe(0);
  });
});
