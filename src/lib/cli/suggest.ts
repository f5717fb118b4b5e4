/** "Did you mean `check`?" for a mistyped subcommand: the closest name within a small edit distance. */
import { editDistance } from '../suggest.js';

export { editDistance };

/** The command `word` most likely meant (at most 2 edits, or a prefix of 3+ letters); null for a path-like word. */
export function didYouMean(word: string, commands: readonly string[]): string | null {
  if (/[./\\]/.test(word) || word.length > 20) return null;
  const lower = word.toLowerCase();
  let best: string | null = null;
  let bestDistance = 3;
  for (const c of commands) {
    if (c === 'help') continue;
    const d = lower.length >= 3 && c.startsWith(lower) ? 1 : editDistance(lower, c, 2);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}
