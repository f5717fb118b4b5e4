// A page's model outlives its text and tree: the checks of every other page read its runs. A label or a metric's
// text cut out of a fence by V8 would keep the whole fence body alive with it (a 27 KB body per run on real pages),
// so the model holds copies of its own. Measured here as heap retained by the models alone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXT_MAX, messageText, ownStrings } from '../../src/lib/own-strings.js';
import { analyze } from '../../src/lib/pipeline.js';
import type { Report } from '../../src/lib/schemas/report.js';
import { SEED_PAGES } from '../helpers/pages.js';

describe('own strings', () => {
  it('should cut a long message text and keep a short one whole', () => {
    expect(messageText('short')).toBe('short');
    const text = `Line \`${'z'.repeat(5000)}\` labels no result block`;
    const cut = messageText(text);
    expect(cut.length).toBeLessThanOrEqual(MESSAGE_TEXT_MAX);
    const kept = cut.length - `… (${text.length - cut.indexOf('…')} more characters)`.length;
    expect(cut).toBe(`${text.slice(0, kept)}… (${text.length - kept} more characters)`);
    expect(kept).toBeGreaterThan(MESSAGE_TEXT_MAX - 40);
    // Cut again (a message converted twice), it stays as it is.
    expect(messageText(cut)).toBe(cut);
    // A character outside the BMP (two UTF-16 units) is kept whole or left out, never split.
    const wide = messageText('😀'.repeat(400));
    expect(wide.includes('\ufffd')).toBe(false);
    expect(/[\ud800-\udbff](?![\udc00-\udfff])/.test(wide)).toBe(false);
    expect(wide.length).toBeLessThanOrEqual(MESSAGE_TEXT_MAX);
  });

  it('should keep every value, in place, through arrays, nested and shared objects', () => {
    const shared = { label: 'Mean TPOT (ms):'.repeat(3), short: 'P99' };
    const model = { runs: [shared, shared, { metrics: { a: { text: 'x'.repeat(40) } }, list: ['y'.repeat(20), 7, null] }] };
    const before = structuredClone(model);
    expect(ownStrings(model)).toBe(model);
    expect(model).toEqual(before);
    expect(model.runs[0]).toBe(model.runs[1]);
  });

  it('should leave the models of many pages holding none of their pages', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const text = readFileSync(join(SEED_PAGES, 'qwen3-14b/h100.md'), 'utf8');
    const end = '    ==================================================\n';
    expect(text).toContain(end);
    // Each copy's first result fence gets 1 MB of chatter after its block, unique to the copy.
    const pad = 1_000_000;
    const copies = 20;
    const page = (i: number) => text.replace(end, `${end}    ${String(i).padStart(6, '0')}${'z'.repeat(pad)}\n`);
    const heap = () => {
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };
    analyze(page(-1), 'warm-up.md'); // code and tables made on first use are not the models'
    const start = heap();
    const kept: Report[] = [];
    for (let i = 0; i < copies; i++) kept.push(analyze(page(i), `copy-${i}.md`).report);
    const held = heap() - start;
    expect(kept.every((r) => r.runs.length > 0)).toBe(true);
    // Without own strings each model held its padded fence (43 MB for these 20); with them, what the models are
    // (3.5 MB). A message quoting the long line is cut (`messageText`).
    expect(held).toBeLessThan((copies * pad) / 4);
  });
});
