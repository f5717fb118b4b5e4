/**
 * vitest globalSetup: tests that run `bin/perflab.mjs` need it built from the current sources. Build it when it is
 * missing or older than any file it is made from (`src/`, the build script, the lockfile); otherwise do nothing.
 * A failed build stops the run with one message saying what is missing and how to make it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
export const BIN = join(ROOT, 'bin', 'perflab.mjs');

/** Newest modification time among the CLI's inputs, with the file that has it. */
export function newestInput(root = ROOT): { file: string; mtimeMs: number } {
  let newest = { file: '', mtimeMs: 0 };
  const see = (file: string) => {
    const t = statSync(file).mtimeMs;
    if (t > newest.mtimeMs) newest = { file, mtimeMs: t };
  };
  for (const entry of readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) see(join(entry.parentPath, entry.name));
  }
  for (const file of ['scripts/build-cli.mjs', 'package-lock.json']) if (existsSync(join(root, file))) see(join(root, file));
  return newest;
}

/** Why the CLI must be built, or null when it is up to date. */
export function staleReason(root = ROOT): string | null {
  const bin = join(root, 'bin', 'perflab.mjs');
  if (!existsSync(bin)) return 'bin/perflab.mjs is missing';
  const newest = newestInput(root);
  return newest.mtimeMs > statSync(bin).mtimeMs ? `bin/perflab.mjs is older than ${newest.file.slice(root.length + 1)}` : null;
}

/** Build the CLI of `root` when it is stale; returns why it was built, or null. Throws one clear message on failure. */
export function ensureCli(root = ROOT): string | null {
  const reason = staleReason(root);
  if (!reason) return null;
  try {
    execFileSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
    throw new Error(
      `The CLI tests run bin/perflab.mjs, which could not be built (${reason}): \`npm run build:cli\` failed${stderr ? `:\n${stderr}` : ''}`,
      { cause: error },
    );
  }
  return reason;
}

export default function setup(): void {
  ensureCli();
}
