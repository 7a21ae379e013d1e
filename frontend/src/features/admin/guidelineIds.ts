/** Reads guideline ids typed or pasted as a list separated by commas, spaces or lines; null when something is not an id. */
export function parseGuidelineIds(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const ids: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,15}$/.test(p)) return null;
    const id = Number(p);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}
