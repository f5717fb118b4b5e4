/**
 * `perflab check --fix` / `--fix-dry-run`: rewrite the certain wrong numbers of the given pages. Pages are
 * checked together (cross-page rules see every page), fixed in memory, and checked again until nothing more is
 * fixable (a fixed cell can make a dependent percentage fixable), so a second `--fix` finds nothing to do.
 *
 * What is reported is the net change of each place over all passes (`from` as the page had it, `to` as it is
 * written): a place a later pass changes again is one fix, and a place whose recomputed value alternates (a pass
 * turns it back into a text it had) is not certain: it keeps the page's text and is listed as not fixed.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { loadConfig, type Config } from '../config.js';
import { analyze, checkAll } from '../pipeline.js';
import { collectMarkdown } from '../files.js';
import { LIMITS } from '../limits.js';
import { terminalText } from '../terminal.js';
import { applyFixes, planFixes, type Fix, type Skip } from './plan.js';
import { writeAtomic } from './write.js';

export interface FixedFile {
  path: string;
  /** The file's bytes as read: the write refuses to replace a file that no longer holds them. */
  bytes: Buffer;
  before: string;
  after: string;
  /** The net replacements, one per place. */
  fixes: Fix[];
}

export interface FixResult {
  files: FixedFile[];
  /** Mismatches left alone, with the reason (from the last pass, and the places that did not settle). */
  skipped: Skip[];
  passes: number;
}

/** A file that could not be written, and why; the page is as it was. */
export interface WriteFailure {
  path: string;
  reason: string;
}

/** Fixes and skips of every page for its current text: one check of all pages together. */
export type Planner = (files: readonly string[], sources: readonly string[]) => { fixes: Fix[]; skipped: Skip[] }[];

const MAX_PASSES = 5;

/** The real planner: the pages checked together with the project's configuration. */
export function pipelinePlanner(config: Config): Planner {
  return (files, sources) =>
    checkAll(
      files.map((f, i) => analyze(sources[i], f, resolve(f))),
      config,
    ).map((report, i) => planFixes(report, sources[i]));
}

/** One place of a page over the passes: its text as read, as now, and every text it had. */
interface Place {
  line: number;
  column: number;
  from: string;
  to: string;
  formula: string | null;
  seen: string[];
  /** The recomputed value went back to a text the place had: left as the page had it. */
  unsettled: boolean;
}

/**
 * Plan and apply fixes in memory; writes nothing. Throws the CLI's UsageError (missing path) or ConfigError
 * (bad `perflab.config.json`) before any page is read, like `check`.
 */
export function computeFixes(paths: readonly string[], cwd: string, planner?: Planner): FixResult {
  const config = loadConfig(cwd);
  // A page too large to read has nothing to fix: the check that follows reports it (`page-too-large`).
  const files = collectMarkdown(paths.length ? paths : ['content']).files.filter((f) => statSync(f).size <= LIMITS.pageBytes + 3);
  const bytes = files.map((f) => readFileSync(f));
  return fixSources(files, bytes, planner ?? pipelinePlanner(config));
}

/** The passes of `computeFixes` over pages already read. */
export function fixSources(files: readonly string[], bytes: readonly Buffer[], planner: Planner): FixResult {
  const original = bytes.map((b) => b.toString('utf8'));
  const current = [...original];
  const places = files.map(() => [] as Place[]);
  let skipped: Skip[] = [];
  let passes = 0;
  while (passes < MAX_PASSES) {
    passes++;
    const plans = planner(files, current);
    let changed = false;
    skipped = [];
    plans.forEach(({ fixes: planned, skipped: s }, i) => {
      skipped.push(...s);
      const { fixes, conflicts } = onePerPlace(planned);
      skipped.push(...conflicts);
      const take: Fix[] = [];
      for (const f of fixes) {
        const place = places[i].find((p) => p.line === f.line && p.column === f.column && p.to === f.from);
        if (place?.unsettled) continue;
        if (place && place.seen.includes(f.to)) {
          // Back to a text it had: the value depends on the number itself. Restore the page's text, leave it.
          place.unsettled = true;
          if (place.to !== place.from) take.push({ ...f, to: place.from });
          place.to = place.from;
          continue;
        }
        take.push(f);
        if (place) {
          place.to = f.to;
          place.formula = f.formula;
          place.seen.push(f.to);
        } else {
          places[i].push({
            line: f.line,
            column: f.column,
            from: f.from,
            to: f.to,
            formula: f.formula,
            seen: [f.from, f.to],
            unsettled: false,
          });
        }
      }
      if (take.length === 0) return;
      const next = applyFixes(current[i], take);
      if (next === current[i]) return;
      shiftColumns(places[i], take);
      current[i] = next;
      changed = true;
    });
    if (!changed) break;
  }
  const out: FixedFile[] = [];
  files.forEach((path, i) => {
    for (const p of places[i].filter((p) => p.unsettled)) {
      const texts = [...new Set(p.seen)].map((t) => `\`${t}\``).join(', ');
      skipped.push({
        file: path,
        line: p.line,
        column: p.column,
        text: p.from,
        reason: `its recomputed value changes with the number itself (${texts} in turn): no certain value`,
      });
    }
    if (current[i] === original[i]) return;
    const fixes = places[i]
      .filter((p) => !p.unsettled && p.to !== p.from)
      .map((p) => ({ file: path, line: p.line, column: p.column, from: p.from, to: p.to, formula: p.formula }))
      .sort((a, b) => a.line - b.line || a.column - b.column);
    out.push({ path, bytes: bytes[i], before: original[i], after: current[i], fixes });
  });
  skipped.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  return { files: out, skipped, passes };
}

/**
 * One fix per place: two checks of one stated number (a restated cell also read as a change) that agree are one
 * fix, counted once; two that recompute different texts make the number uncertain, and it is left alone.
 */
function onePerPlace(fixes: readonly Fix[]): { fixes: Fix[]; conflicts: Skip[] } {
  const byPlace = new Map<string, Fix[]>();
  for (const f of fixes) {
    const key = `${f.line}:${f.column}:${f.from}`;
    byPlace.set(key, [...(byPlace.get(key) ?? []), f]);
  }
  const out: Fix[] = [];
  const conflicts: Skip[] = [];
  for (const group of byPlace.values()) {
    const texts = [...new Set(group.map((f) => f.to))];
    if (texts.length === 1) out.push(group[0]);
    else {
      const f = group[0];
      const reason = `its checks recompute different values (${texts.map((t) => `\`${t}\``).join(', ')}): no certain value`;
      conflicts.push({ file: f.file, line: f.line, column: f.column, text: f.from, reason });
    }
  }
  return { fixes: out, conflicts };
}

/** A replacement of another length moves the places after it on its line. */
function shiftColumns(places: Place[], applied: readonly Fix[]): void {
  for (const f of applied) {
    const d = f.to.length - f.from.length;
    if (d === 0) continue;
    for (const p of places) if (p.line === f.line && p.column > f.column) p.column += d;
  }
}

/**
 * Write the fixed files in place, each atomically (a temporary file in its folder, renamed over it, its mode kept)
 * and only if it still holds the bytes that were read. Never throws on a file: what could not be written is
 * returned with the reason, and that page is as it was.
 */
export function writeFixes(result: FixResult): WriteFailure[] {
  const failures: WriteFailure[] = [];
  for (const f of result.files) {
    // Text that does not encode back to the bytes read (invalid UTF-8) would change more than the fixed numbers.
    const failure = Buffer.from(f.before, 'utf8').equals(f.bytes)
      ? writeAtomic(f.path, f.after, f.bytes)
      : 'not written: the page is not valid UTF-8, and writing it would change other bytes than the fixed numbers';
    if (failure) failures.push({ path: f.path, reason: failure });
  }
  return failures;
}

/**
 * A unified diff of every fixed file (`a/PATH`, `b/PATH` headers, as git prints). With `terminal`, the control
 * characters of the page's lines are made visible (tabs and the CR of a CRLF line kept), as on every other line
 * printed to a terminal; piped, the diff is the page's bytes, so that it applies.
 */
export function fixDiff(result: FixResult, terminal = false): string {
  const diff = result.files
    .map((f) => {
      const name = f.path.split('\\').join('/');
      return createTwoFilesPatch(`a/${name}`, `b/${name}`, f.before, f.after, undefined, undefined, { context: 1 }).replace(/^=+\n/, '');
    })
    .join('');
  if (!terminal) return diff;
  return diff
    .split('\n')
    .map((l) => {
      const cr = l.endsWith('\r') ? '\r' : '';
      return (
        (cr ? l.slice(0, -1) : l)
          .split('\t')
          .map((part) => terminalText(part))
          .join('\t') + cr
      );
    })
    .join('\n');
}

/**
 * Lines for stderr: what was (or would be) fixed and what was left, each `path:line:col`, every line made safe for
 * the terminal. A page that could not be written is not fixed: its places are listed with the reason.
 */
export function fixReport(result: FixResult, dryRun: boolean, failures: readonly WriteFailure[] = []): string {
  const failed = new Map(failures.map((f) => [f.path, f.reason]));
  const written = result.files.filter((f) => !failed.has(f.path));
  const n = written.reduce((s, f) => s + f.fixes.length, 0);
  const lines = result.files.flatMap((f) => {
    const reason = failed.get(f.path);
    return f.fixes.map((x) =>
      reason === undefined
        ? `${x.file}:${x.line}:${x.column}  ${dryRun ? 'would fix' : 'fixed'}  \`${x.from}\` -> \`${x.to}\`${x.formula ? ` from ${x.formula}` : ''}`
        : `${x.file}:${x.line}:${x.column}  not fixed  \`${x.from}\` (would be \`${x.to}\`): ${reason}`,
    );
  });
  lines.push(...result.skipped.map((s) => `${s.file}:${s.line}:${s.column}  not fixed  \`${s.text}\`: ${s.reason}`));
  lines.push(
    `${dryRun ? 'would fix' : 'fixed'} ${n} number${n === 1 ? '' : 's'} in ${written.length} file${written.length === 1 ? '' : 's'}${dryRun ? ' (dry run: nothing written)' : ''}` +
      `${failures.length ? `; ${failures.length} file${failures.length === 1 ? '' : 's'} not written (listed above)` : ''}`,
  );
  return lines.map((l) => terminalText(l)).join('\n');
}
