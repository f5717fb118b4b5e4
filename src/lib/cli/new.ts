// `perflab new FILES... [--baseline FILE] [--out PAGE]`: a report skeleton from saved result files, written to a new
// file (never over one), then checked as `perflab check` checks it.
import { existsSync, linkSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { UsageError } from '../files.js';
import { reportSkeleton, type SkeletonInput } from '../new/skeleton.js';
import { check } from '../pipeline.js';
import { MAX_SAVED_BYTES, SAVED_NAME } from '../saved/read.js';

export interface NewResult {
  /** What to print: the page written and what its check found. */
  output: string;
  /** What the skeleton could not use, one line each. */
  notes: string[];
  exitCode: number;
}

/** The link from the page's folder to a file, or a usage error when the file is not in that folder or below. */
function linkTo(pageDir: string, file: string): string {
  const rel = relative(pageDir, file);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel))
    throw new UsageError(`${file}: a result file must be in the report's folder or below it (a link out of it is not read)`);
  return rel.split(sep).join('/');
}

function read(cwd: string, path: string, pageDir: string): SkeletonInput {
  const file = resolve(cwd, path);
  if (!SAVED_NAME.test(file)) throw new UsageError(`${path}: not a saved result file (.json, .jsonl or mlperf_log_summary.txt)`);
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new UsageError(`${path}: no such file`);
  if (stat.size > MAX_SAVED_BYTES) throw new UsageError(`${path}: over the ${MAX_SAVED_BYTES}-byte limit for a saved result`);
  return { link: linkTo(pageDir, file), text: readFileSync(file, 'utf8') };
}

export function newCommand(files: readonly string[], options: { baseline?: string; out?: string }, cwd: string): NewResult {
  const out = resolve(cwd, options.out ?? 'report.md');
  if (!/\.md$/i.test(out)) throw new UsageError(`${options.out}: the report must be a Markdown file (.md)`);
  if (existsSync(out))
    throw new UsageError(`${relative(cwd, out) || out}: exists already; perflab never overwrites a file (name another with --out)`);
  const pageDir = dirname(out);
  const inputs = files.map((f) => read(cwd, f, pageDir));
  const baseline = options.baseline ? read(cwd, options.baseline, pageDir) : null;
  if (inputs.length === 0 && !baseline) throw new UsageError('name at least one saved result file');
  const { markdown, notes } = reportSkeleton(inputs, baseline);
  // Written beside and linked into place, which fails if a file came there meanwhile: never over a file.
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, markdown, { flag: 'wx' });
  try {
    linkSync(tmp, out);
  } catch {
    throw new UsageError(`${relative(cwd, out) || out}: exists already; perflab never overwrites a file (name another with --out)`);
  } finally {
    rmSync(tmp, { force: true });
  }
  const shown = relative(cwd, out) || out;
  const [{ report }] = check([{ source: markdown, path: shown.split(sep).join('/'), absolutePath: out }]);
  const errors = report.messages.filter((m) => m.severity === 'error').length;
  const verified = report.claims.filter((c) => c.verdict === 'verified').length;
  const output = `wrote ${shown}: ${report.runs.length} run${report.runs.length === 1 ? '' : 's'} from ${inputs.length + (baseline ? 1 : 0)} file${inputs.length + (baseline ? 1 : 0) === 1 ? '' : 's'}, ${verified} of ${report.claims.length} numbers verified, ${errors} error${errors === 1 ? '' : 's'}; replace each \`?\`, then run \`perflab check ${shown}\`\n`;
  return { output, notes, exitCode: errors > 0 ? 1 : 0 };
}
