import { describe, expect, it } from 'vitest';
import { runDraftSchema } from '../../src/lib/formats/index.js';
import { fixtures, golden, run, serialize } from './golden.js';

describe('golden fixtures (raw.txt -> runs.json)', () => {
  for (const f of fixtures()) {
    it(`should reproduce runs.json for ${f.name}`, () => {
      const result = run(f);
      const { expected, changedPath } = golden(f, serialize(result));
      if (expected !== null) expect(serialize(result), `see ${changedPath}`).toBe(expected);
      // Every run satisfies the contract, whatever the expectation says.
      for (const r of result.runs) expect(runDraftSchema.safeParse(r).success).toBe(true);
    });
  }
});
