/**
 * `perflab check --fix` / `--fix-dry-run`: rewrite the certain wrong numbers of the given pages. Pages are
 * checked together (cross-page rules see every page), fixed in memory, and checked again until nothing more is
 * fixable (a fixed cell can make a dependent percentage fixable), so a second `--fix` finds nothing to do.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { loadConfig } from '../config.js';
import { analyze, checkAll } from '../pipeline.js';
import { collectMarkdown } from '../cli/files.js';
import { applyFixes, planFixes, type Fix, type Skip } from './plan.js';

export interface FixedFile {
  path: string;
  before: string;
  after: string;
  fixes: Fix[];
}

export interface FixResult {
  files: FixedFile[];
  /** Mismatches left alone, with the reason (from the last pass). */
  skipped: Skip[];
  passes: number;
}

const MAX_PASSES = 5;

/**
 * Plan and apply fixes in memory; writes nothing. Throws the CLI's UsageError (missing path) or ConfigError
 * (bad `perflab.config.json`) before any page is read, like `check`.
 */
export function computeFixes(paths: readonly string[], cwd: string): FixResult {
  const config = loadConfig(cwd);
  const { files } = collectMarkdown(paths.length ? paths : ['content']);
  const original = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
  const current = new Map(original);
  const applied = new Map<string, Fix[]>();
  let skipped: Skip[] = [];
  let passes = 0;
  while (passes < MAX_PASSES) {
    passes++;
    const reports = checkAll(
      files.map((f) => analyze(current.get(f)!, f, resolve(f))),
      config,
    );
    let changed = false;
    skipped = [];
    reports.forEach((report, i) => {
      const file = files[i];
      const { fixes, skipped: s } = planFixes(report, current.get(file)!);
      skipped.push(...s);
      if (fixes.length === 0) return;
      const next = applyFixes(current.get(file)!, fixes);
      if (next === current.get(file)) return;
      current.set(file, next);
      applied.set(file, [...(applied.get(file) ?? []), ...fixes]);
      changed = true;
    });
    if (!changed) break;
  }
  const out = files
    .filter((f) => current.get(f) !== original.get(f))
    .map((f) => ({ path: f, before: original.get(f)!, after: current.get(f)!, fixes: applied.get(f) ?? [] }));
  return { files: out, skipped, passes };
}

/** Write the fixed files in place. */
export function writeFixes(result: FixResult): void {
  for (const f of result.files) writeFileSync(f.path, f.after);
}

/** A unified diff of every fixed file (`a/PATH`, `b/PATH` headers, as git prints). */
export function fixDiff(result: FixResult): string {
  return result.files
    .map((f) => {
      const name = f.path.split('\\').join('/');
      return createTwoFilesPatch(`a/${name}`, `b/${name}`, f.before, f.after, undefined, undefined, { context: 1 }).replace(/^=+\n/, '');
    })
    .join('');
}

/** Lines for stderr: what was (or would be) fixed and what was left, each `path:line:col`. */
export function fixReport(result: FixResult, dryRun: boolean): string {
  const n = result.files.reduce((s, f) => s + f.fixes.length, 0);
  const lines = result.files.flatMap((f) =>
    f.fixes.map(
      (x) =>
        `${x.file}:${x.line}:${x.column}  ${dryRun ? 'would fix' : 'fixed'}  \`${x.from}\` -> \`${x.to}\`${x.formula ? ` from ${x.formula}` : ''}`,
    ),
  );
  lines.push(...result.skipped.map((s) => `${s.file}:${s.line}:${s.column}  not fixed  \`${s.text}\`: ${s.reason}`));
  lines.push(
    `${dryRun ? 'would fix' : 'fixed'} ${n} number${n === 1 ? '' : 's'} in ${result.files.length} file${result.files.length === 1 ? '' : 's'}${dryRun ? ' (dry run: nothing written)' : ''}`,
  );
  return lines.join('\n');
}
