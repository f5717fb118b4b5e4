// The Astro config lists the content folders' pages before the loader runs (to size the heap, to parse ahead).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentFiles } from '../../src/lib/site/files.js';

const root = mkdtempSync(join(tmpdir(), 'perflab-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('contentFiles', () => {
  it("should list the Markdown files of the project's content folders, from PERFLAB_CONTENT or `content`", () => {
    mkdirSync(join(root, 'content', 'model'), { recursive: true });
    mkdirSync(join(root, 'other'));
    writeFileSync(join(root, 'content', 'model', 'gpu.md'), '# A\n');
    writeFileSync(join(root, 'content', 'notes.txt'), 'not a page\n');
    writeFileSync(join(root, 'other', 'b.md'), '# B\n');
    expect(contentFiles(root, undefined).map((f) => f.projectPath)).toEqual(['content/model/gpu.md']);
    expect(contentFiles(root, 'content,other').map((f) => f.path)).toEqual(['b.md', 'model/gpu.md']);
  });

  it('should list nothing, not throw, when a folder cannot be read (the loader names it, and stops the build)', () => {
    expect(contentFiles(root, 'content,missing')).toEqual([]);
  });
});
