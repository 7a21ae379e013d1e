/** Pure state of the space metadata choice: an ordered list of chosen definition ids. */

/** Checks (appends at the end) or unchecks an id. */
export function toggleId(ids: number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}

/** Moves the id at `index` by `delta` (-1 up, +1 down); out of range is a no-op. */
export function moveId(ids: number[], index: number, delta: -1 | 1): number[] {
  const target = index + delta;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return ids;
  const next = [...ids];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

export const sameIds = (a: number[], b: number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
