import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_PAGES } from '../helpers/pages.js';

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
  it('should hold a workflow on Node 24 (the active LTS) that installs with npm ci, runs the project’s own binary, uploads SARIF except from forks, builds and publishes dist/', () => {
    const workflow = parse(blocks('yaml')[0]);
    const steps = Object.values(
      workflow.jobs as Record<string, { steps: { uses?: string; run?: string; if?: string; with?: Record<string, unknown> }[] }>,
    ).flatMap((j) => j.steps);
    const runs = steps.map((s) => s.run ?? '');
    const uses = steps.map((s) => (s.uses ?? '').replace(/@.*/, ''));
    const nodes = steps.filter((s) => s.uses?.startsWith('actions/setup-node')).map((s) => s.with?.['node-version']);
    expect(nodes.length).toBeGreaterThan(0);
    expect(new Set(nodes)).toEqual(new Set([24]));
    expect(runs.filter((r) => /^npm (install|ci)\b/.test(r))).toEqual(['npm ci', 'npm ci']);
    expect(runs).toContain('npm exec --no -- perflab check content --format github');
    expect(runs.some((r) => r.startsWith('npm exec --no -- perflab check content --format sarif > perflab.sarif'))).toBe(true);
    expect(runs.some((r) => /\bnpx\b/.test(r))).toBe(false);
    expect(runs).toContain('npm run build');
    expect(uses).toEqual(
      expect.arrayContaining(['github/codeql-action/upload-sarif', 'actions/upload-pages-artifact', 'actions/deploy-pages']),
    );
    const upload = steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif'));
    expect(upload?.uses).toBe('github/codeql-action/upload-sarif@v4');
    expect(upload?.if).toContain('github.event.pull_request.head.repo.full_name == github.repository');
    expect(steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact'))?.with?.path).toBe('dist');
  });

  it('should hold a pre-commit framework hook that runs the project’s own binary on staged reports', () => {
    const config = parse(blocks('yaml')[1]);
    expect(config.repos[0].hooks[0]).toMatchObject({
      entry: 'npm exec --no -- perflab check --quiet',
      files: '^content/.*\\.md$',
      pass_filenames: true,
      require_serial: true,
    });
  });

  it('should publish a pre-commit hook for other repositories that runs perflab’s own binary on Markdown, in one run', () => {
    const hooks = parse(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8'));
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({
      id: 'perflab-check',
      entry: 'perflab check --quiet',
      language: 'node',
      pass_filenames: true,
      require_serial: true,
    });
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(Object.keys(pkg.bin)).toContain(hooks[0].entry.split(' ')[0]);
    expect(new RegExp(hooks[0].files).test('content/qwen3-14b/h100.md')).toBe(true);
    expect(new RegExp(hooks[0].files).test('src/lib/config.ts')).toBe(false);
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
    // `npm exec --no -- perflab` resolves to the CLI under test (any other npm command fails).
    mkdirSync(join(dir, 'shim'));
    writeFileSync(
      join(dir, 'shim', 'npm'),
      `#!/bin/sh\n[ "$1 $2 $3 $4" = "exec --no -- perflab" ] || exit 97\nshift 4\nexec "${process.execPath}" "${BIN}" "$@"\n`,
    );
    chmodSync(join(dir, 'shim', 'npm'), 0o755);
    writeFileSync(join(dir, '.git', 'hooks', 'pre-commit'), blocks('sh')[0]);
    chmodSync(join(dir, '.git', 'hooks', 'pre-commit'), 0o755);
    mkdirSync(join(dir, 'content'));
    const page = join(dir, 'content', 'my page.md');
    cpSync(join(SEED_PAGES, 'qwen3-32b', 'h100.md'), page);
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
