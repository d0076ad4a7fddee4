/**
 * The "Perhaps you meant …" suggestions of PostgREST's hints: the most similar candidate by
 * normalised edit distance (case-insensitive), if it is similar enough.
 */
export function closest(candidates: string[], target: string, minimumScore: number): string | null {
  let best: { name: string; score: number } | null = null;
  for (const name of candidates) {
    const score = similarity(name.toLowerCase(), target.toLowerCase());
    if (score >= minimumScore && (!best || score > best.score)) best = { name, score };
  }
  return best?.name ?? null;
}

function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - editDistance(a, b) / longest;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] as number;
}
