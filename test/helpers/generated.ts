import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';

/**
 * A committed file generated from the code must equal what the code generates now. A mismatch writes
 * `<file>-changed` to copy over; a missing file is written (outside CI), so a new one starts from the code.
 */
export function expectGenerated(file: string, want: string): void {
  const have = existsSync(file) ? readFileSync(file, 'utf8') : null;
  if (have !== want) {
    writeFileSync(`${file}-changed`, want);
    if (have === null && process.env.CI !== 'true') writeFileSync(file, want);
  }
  expect(have ?? (process.env.CI === 'true' ? null : want)).toBe(want);
}
