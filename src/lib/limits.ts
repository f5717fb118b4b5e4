/**
 * The per-page input limits, run before a page is parsed: the line scan (`limit-scan.ts`) measures the page and each
 * limit rule (`rules/`, the ones with a `source` stage) tests the measures against its limit. A page over a limit is
 * reported with the first rule's message and is not parsed further.
 */
import type { Draft } from './diagnostics.js';
import { scanLimits, type Measure } from './limit-scan.js';
import { rules } from './rules/index.js';
import { pageTooLargeDraft } from './rules/page-too-large.js';
import type { Message } from './schemas/message.js';

export { LIMITS } from './limit-scan.js';
export { pageTooLargeDraft as pageTooLarge };

const limitRules = rules.filter((r) => r.source !== undefined);

/** The message of the first measure a limit rule finds over its limit. */
function overLimit(measure: Measure): Draft | null {
  for (const rule of limitRules) {
    const found = rule.source!(measure);
    if (found) return found;
  }
  return null;
}

/** The first limit a page exceeds, as a message; null when the page is within every limit. Linear time. */
export function checkLimits(text: string): Draft | null {
  return scanLimits(text, overLimit);
}

/** The `page-too-large` finding of a page that was not read (see `readPage` in `listing.ts`), for the page named `file`. */
export function tooLargeFinding(file: string, bytes: number): Message {
  return { ...pageTooLargeDraft(bytes), file };
}
