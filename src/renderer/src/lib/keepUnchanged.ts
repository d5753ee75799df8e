/**
 * `next`, with every part that equals the same part of `previous` replaced by
 * the previous object itself. Main sends the whole view after every change;
 * kept this way, a part that did not change keeps its identity, so the
 * computed values and components that read only that part are not redone (Vue
 * skips a computed whose value is the same object, and a child whose props
 * are). Returns `previous` itself when nothing changed. For JSON data only
 * (plain objects, arrays, strings, numbers, booleans, null).
 */
export function keepUnchanged<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return next;
  if (typeof previous !== 'object' || typeof next !== 'object' || previous === null || next === null) return next;
  if (Array.isArray(previous) !== Array.isArray(next)) return next;
  if (Array.isArray(next)) {
    const before = previous as unknown[];
    const merged = (next as unknown[]).map((item, i) => keepUnchanged(before[i], item));
    return (merged.length === before.length && merged.every((item, i) => item === before[i]) ? before : merged) as T;
  }
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const keys = Object.keys(after);
  let same = keys.length === Object.keys(before).length;
  const merged: Record<string, unknown> = {};
  for (const key of keys) {
    merged[key] = keepUnchanged(before[key], after[key]);
    if (merged[key] !== before[key] || !(key in before)) same = false;
  }
  return (same ? before : merged) as T;
}
