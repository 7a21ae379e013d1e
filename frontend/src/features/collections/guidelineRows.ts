import type { CollectionGuideline } from '@/lib/api-types.gen';

/** The title a guideline is listed under: its first language's, in the product's language order. */
export const guidelineTitle = (g: CollectionGuideline): string => g.languages[0]?.title ?? '';

/** Guidelines whose title in any language, author or id contains the filter, ignoring case. */
export function filterGuidelines(list: readonly CollectionGuideline[], filter: string): CollectionGuideline[] {
  const q = filter.trim().toLowerCase();
  if (!q) return [...list];
  return list.filter(
    (g) =>
      String(g.id) === q ||
      g.languages.some((l) => l.title.toLowerCase().includes(q)) ||
      `${g.author.firstname} ${g.author.lastname} ${g.author.username}`.toLowerCase().includes(q),
  );
}
