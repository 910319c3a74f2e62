/**
 * Levenshtein distance between `a` and `b` when it is at most `max`, otherwise `max + 1`: only the
 * diagonal band of width 2·max is computed, and it stops as soon as a row exceeds `max` (most
 * terms are rejected after a row or two).
 */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let previous = new Array<number>(n + 1);
  let current = new Array<number>(n + 1);
  for (let j = 0; j <= n; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    const from = Math.max(1, i - max);
    const to = Math.min(n, i + max);
    current[0] = i;
    if (from > 1) current[from - 1] = max + 1;
    let rowMin = from === 1 ? i : max + 1;
    const ai = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j += 1) {
      const substitution = previous[j - 1]! + (ai === b.charCodeAt(j - 1) ? 0 : 1);
      const deletion = (j <= i - 1 + max ? previous[j]! : max + 1) + 1;
      const insertion = current[j - 1]! + 1;
      const value = Math.min(substitution, deletion, insertion);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (to < n) current[to + 1] = max + 1;
    if (rowMin > max) return max + 1;
    [previous, current] = [current, previous];
  }
  return Math.min(previous[n]!, max + 1);
}
