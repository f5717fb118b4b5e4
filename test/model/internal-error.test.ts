/**
 * What stops the page model is handed up as a failure and worded by the rule `model-internal-error` in the pipeline:
 * a walk that throws (`extraction`) and an assembly that throws (`assembly`, assembled again without the page's
 * text fields), each time with the page kept as read so far.
 */
import { describe, expect, it, vi } from 'vitest';

/** How many times each part throws next. */
const throws = { heading: 0, assemble: 0 };

vi.mock('../../src/lib/model/walk/headings.js', async (original) => {
  const m = await original<typeof import('../../src/lib/model/walk/headings.js')>();
  const onHeading = ((...args: Parameters<typeof m.onHeading>) => {
    if (throws.heading > 0 && throws.heading--) throw new Error('boom');
    return m.onHeading(...args);
  }) as typeof m.onHeading;
  return { ...m, onHeading };
});
vi.mock('../../src/lib/model/report.js', async (original) => {
  const m = await original<typeof import('../../src/lib/model/report.js')>();
  const assemble = ((...args: Parameters<typeof m.assemble>) => {
    if (throws.assemble > 0 && throws.assemble--) throw new Error('boom');
    return m.assemble(...args);
  }) as typeof m.assemble;
  return { ...m, assemble };
});

const { analyze } = await import('../../src/lib/pipeline.js');

const internal = (path: string) => analyze('# Demo\n\nText.\n', path).report.messages.filter((m) => m.ruleId === 'model-internal-error');

describe('model-internal-error', () => {
  it('should word a walk that throws as the rule says, at the start of the page', () => {
    throws.heading = 1;
    expect(internal('walk.md')).toEqual([
      {
        ruleId: 'model-internal-error',
        severity: 'error',
        line: 1,
        column: 1,
        message: 'Page model extraction stopped: Error: boom',
        file: 'walk.md',
      },
    ]);
  });

  it('should word an assembly that throws as the rule says, and keep the page', () => {
    throws.assemble = 1;
    expect(internal('assembly.md')).toEqual([
      {
        ruleId: 'model-internal-error',
        severity: 'error',
        line: 1,
        column: 1,
        message: 'Page model stopped: Error: boom',
        file: 'assembly.md',
      },
    ]);
  });

  it('should report nothing when nothing throws', () => {
    expect(internal('fine.md')).toEqual([]);
  });
});
