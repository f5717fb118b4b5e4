/** Suggestions for a mistyped name: the edit distance, and the closest of a list of names. */

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

/** The name of `names` closest to `word` (at most `max` edits, and fewer than half its length); null when none is. */
export function closestName(word: string, names: Iterable<string>, max = 3): string | null {
  const limit = Math.min(max, Math.floor((word.length - 1) / 2));
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const name of names) {
    const d = editDistance(word.toLowerCase(), name, limit);
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return best;
}
