import { createHash } from 'node:crypto';

/** sha1 (12 hex) of the sorted `name=text` pairs: the same run shown twice, here or on another page, matches. */
export function fingerprint(pairs: readonly string[]): string {
  return createHash('sha1')
    .update([...pairs].sort().join('\n'))
    .digest('hex')
    .slice(0, 12);
}
