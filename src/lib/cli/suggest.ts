/** "Did you mean `check`?" for a mistyped subcommand: the closest name within a small edit distance. */

/** Levenshtein distance, stopping early beyond `max` (names are short: this is cheap). */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length];
}

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
