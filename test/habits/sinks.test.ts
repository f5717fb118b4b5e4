import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every text that leaves perflab goes through the one escaping of its sink, and every file is written through a
 * temporary file renamed into place. These audits catch a new sink or a new write that bypasses them: a module
 * that prints (console, process.stdout/stderr, a logger) must take the terminal escaping (`terminalText`,
 * `terminalLines`, `formatMessage`, or the loader's `escapedLogger`); a `writeFileSync` must write a temporary
 * file or a lock, never the target itself. Exceptions are listed with the reason.
 */
const ROOT = join(import.meta.dirname, '..', '..');

function sources(): string[] {
  return (
    readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true }) as { name: string; parentPath: string; isFile(): boolean }[]
  )
    .filter((e) => e.isFile() && /\.(ts|mts|mjs|astro)$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

const PRINTS =
  /\bconsole\.(?:log|info|warn|error|debug)\s*\(|\bprocess\.(?:stdout|stderr)\.write\s*\(|\blogger\.(?:info|warn|error|debug)\s*\(/;
const ESCAPES = /\b(?:terminalText|terminalLines|formatMessage|escapedLogger)\b/;

/** Modules that print only text of their own making, not content. */
const PRINTS_NO_CONTENT: Record<string, string> = {
  'src/loader/bundle.ts': "a warning naming the bundler's error on perflab's own sources",
};

describe('every sink escapes what it prints', () => {
  const all = sources();

  it('should find the modules it audits', () => {
    expect(all.length).toBeGreaterThan(100);
    expect(all).toContain('src/lib/cli/main.ts');
  });

  it('should find no module that prints without the terminal escaping', () => {
    const printing = all.filter((f) => PRINTS.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(printing).toContain('src/lib/cli/main.ts');
    const bare = printing.filter((f) => !ESCAPES.test(readFileSync(join(ROOT, f), 'utf8')) && !(f in PRINTS_NO_CONTENT));
    expect(bare).toEqual([]);
  });

  it('should find no file written in place: each writeFileSync writes a temporary file or a lock', () => {
    const writes = all.flatMap((f) =>
      [...readFileSync(join(ROOT, f), 'utf8').matchAll(/\bwriteFileSync\s*\(\s*([^,]+),/g)].map((m) => `${f}: ${m[1].trim()}`),
    );
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.filter((w) => !/: (?:tmp|temp|lock)\b/i.test(w))).toEqual([]);
  });
});
