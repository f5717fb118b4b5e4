import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { codeHash } from '../../src/lib/engine/code.js';
import { AnalysisCache, verifyEntry } from '../../src/lib/engine/parse-cache.js';
import { toJson } from '../../src/lib/cli/json.js';
import { analyze, checkAll, type Analysis } from '../../src/lib/pipeline.js';
import { claimMismatch } from '../../src/lib/rules/claim-mismatch.js';
import { claimUntraceable } from '../../src/lib/rules/claim-untraceable.js';

const output = (a: Analysis) => JSON.stringify(toJson(checkAll([a])));

/** A small deterministic generator (mulberry32), so a failing flip can be replayed. */
function random(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

describe('CLI cache entries are verified before use', () => {
  it("should refuse an entry copied over another file's entry and report that file's own findings", () => {
    const dir = mkdtempSync(join(tmpdir(), 'perflab-cache-'));
    const cache = new AnalysisCache(dir);
    const a = claimMismatch.examples.notOk;
    const b = claimUntraceable.examples.notOk;
    cache.analyze(a, 'a.md', '/x/a.md');
    const fileA = cache.fileOf(a, 'a.md', '/x/a.md')!;
    const fileB = cache.fileOf(b, 'b.md', '/x/b.md')!;
    copyFileSync(fileA, fileB);
    const fresh = new AnalysisCache(dir);
    const got = fresh.analyze(b, 'b.md', '/x/b.md');
    expect(fresh.hits).toBe(0);
    expect(fresh.discarded).toBe(1);
    expect(output(got)).toBe(output(analyze(b, 'b.md', '/x/b.md')));
    // The refused entry was replaced by a good one.
    const again = new AnalysisCache(dir);
    again.analyze(b, 'b.md', '/x/b.md');
    expect(again.hits).toBe(1);
  });

  it('should give output identical to an uncached run under 300 random bit flips of an entry', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perflab-flips-'));
    const source = claimMismatch.examples.notOk;
    const want = output(analyze(source, 'page.md', '/x/page.md'));
    new AnalysisCache(dir).analyze(source, 'page.md', '/x/page.md');
    const file = new AnalysisCache(dir).fileOf(source, 'page.md', '/x/page.md')!;
    const good = readFileSync(file);
    const next = random(13);
    let used = 0;
    for (let i = 0; i < 300; i++) {
      const bad = Buffer.from(good);
      const bit = Math.floor(next() * bad.length * 8);
      bad[bit >> 3] ^= 1 << (bit & 7);
      writeFileSync(file, bad);
      const cache = new AnalysisCache(dir);
      expect(output(cache.analyze(source, 'page.md', '/x/page.md')), `flip of bit ${bit}`).toBe(want);
      expect(cache.discarded, `flip of bit ${bit}`).toBe(1);
      used += cache.hits;
    }
    expect(used).toBe(0);
    // Truncated and empty entries are refused too.
    for (const cut of [0, 3, 40, good.length - 1]) {
      writeFileSync(file, good.subarray(0, cut));
      const cache = new AnalysisCache(dir);
      expect(output(cache.analyze(source, 'page.md', '/x/page.md'))).toBe(want);
      expect(cache.hits).toBe(0);
    }
  });

  it('should leave no temporary file behind and work without a writable folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perflab-atomic-'));
    const cache = new AnalysisCache(dir);
    cache.analyze(claimMismatch.examples.ok, 'ok.md', '/x/ok.md');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(readdirSync(dir)).toHaveLength(1);
    const blocked = join(dir, 'file');
    writeFileSync(blocked, '');
    const none = new AnalysisCache(join(blocked, 'sub'));
    expect(output(none.analyze(claimMismatch.examples.ok, 'ok.md', '/x/ok.md'))).toBe(
      output(analyze(claimMismatch.examples.ok, 'ok.md', '/x/ok.md')),
    );
  });
});

describe('CLI cache entries hold the parse, not the page text again', () => {
  const strip = ({ file: _f, ...a }: Analysis) => a;
  it.each([
    ['plain text', claimMismatch.examples.notOk],
    ['a byte order mark and lone CRs (the text read differs from the file)', `\ufeff${claimMismatch.examples.notOk.replace(/\n/g, '\r')}`],
  ])('should give back the analysis of a page with %s, text and VFile included', (_name, source) => {
    const dir = mkdtempSync(join(tmpdir(), 'perflab-text-'));
    const fresh = analyze(source, 'p.md', '/x/p.md');
    new AnalysisCache(dir).analyze(source, 'p.md', '/x/p.md');
    const cache = new AnalysisCache(dir);
    const back = cache.analyze(source, 'p.md', '/x/p.md');
    expect(cache.hits).toBe(1);
    expect(strip(back)).toEqual(strip(fresh));
    expect(String(back.file.value)).toBe(fresh.source);
    expect(output(back)).toBe(output(fresh));
    // A page read as it is on disk is stored without its text (the reader looks it up by that text).
    const size = readFileSync(join(dir, readdirSync(dir)[0])).length;
    const withoutText = serialize({ ...strip(fresh), source: '' }).length;
    if (fresh.source === source) expect(size).toBeLessThan(withoutText + 300);
    else expect(size).toBeGreaterThan(withoutText + fresh.source.length);
  });
});

describe('CLI cache entries are keyed by the code that wrote them', () => {
  it("should not read an entry written by other code, under its own key or copied over this one's", () => {
    const dir = mkdtempSync(join(tmpdir(), 'perflab-code-'));
    const source = claimMismatch.examples.notOk;
    const older = new AnalysisCache(dir, { code: 'an older build' });
    older.analyze(source, 'page.md', '/x/page.md');
    const oldFile = older.fileOf(source, 'page.md', '/x/page.md')!;
    const current = new AnalysisCache(dir);
    const file = current.fileOf(source, 'page.md', '/x/page.md')!;
    expect(file).not.toBe(oldFile);
    expect(current.lookup(source, 'page.md', '/x/page.md')).toBeNull();
    // An old entry under the new key proves itself (checksum holds) but names other code: refused, not used.
    copyFileSync(oldFile, file);
    expect(verifyEntry(readFileSync(file))?.code).toBe('an older build');
    const got = current.analyze(source, 'page.md', '/x/page.md');
    expect(current.hits).toBe(0);
    expect(current.discarded).toBe(1);
    expect(output(got)).toBe(output(analyze(source, 'page.md', '/x/page.md')));
    expect(verifyEntry(readFileSync(file))?.code).toBe(codeHash());
  });

  it('should refuse an entry whose analysis has another shape, even under the right code and checksum', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perflab-shape-'));
    const source = claimMismatch.examples.ok;
    const cache = new AnalysisCache(dir);
    const file = cache.fileOf(source, 'page.md', '/x/page.md')!;
    const record = verifyEntry((cache.analyze(source, 'page.md', '/x/page.md'), readFileSync(file)))!;
    const payload = serialize({ ...record, analysis: { report: { path: 'page.md' } } });
    writeFileSync(file, Buffer.concat([readFileSync(file).subarray(0, 4), createHash('sha256').update(payload).digest(), payload]));
    const again = new AnalysisCache(dir);
    expect(output(again.analyze(source, 'page.md', '/x/page.md'))).toBe(output(analyze(source, 'page.md', '/x/page.md')));
    expect(again.discarded).toBe(1);
  });

  it('should hash every source file when run from source, the same on every call', () => {
    expect(codeHash()).toMatch(/^[0-9a-f]{32}$/);
    expect(codeHash()).toBe(codeHash());
  });
});

describe('the built CLI keys its cache by its own code', () => {
  it('should not use entries written by a build of other code, and use its own', () => {
    const BIN = join(import.meta.dirname, '..', '..', 'bin', 'perflab.mjs');
    const cwd = mkdtempSync(join(tmpdir(), 'perflab-builds-'));
    writeFileSync(join(cwd, 'page.md'), claimMismatch.examples.notOk);
    // Another build: the same bundle with another stamp, as a change anywhere in the code would give.
    const text = readFileSync(BIN, 'utf8');
    const stamp = /perflab-build-[0-9a-f]{50}/.exec(text)![0];
    const other = join(cwd, 'other.mjs');
    writeFileSync(other, text.split(stamp).join(`perflab-build-${'1'.repeat(50)}`));
    const run = (bin: string) => spawnSync(process.execPath, [bin, 'check', 'page.md'], { cwd, encoding: 'utf8' }).stderr;
    expect(run(BIN)).toMatch(/; 0 of 1 files parsed earlier/);
    expect(run(BIN)).toMatch(/; 1 of 1 files parsed earlier/);
    expect(run(other)).toMatch(/; 0 of 1 files parsed earlier/);
    expect(run(other)).toMatch(/; 1 of 1 files parsed earlier/);
    expect(readdirSync(join(cwd, 'node_modules', '.cache', 'perflab'))).toHaveLength(2);
  });
});
