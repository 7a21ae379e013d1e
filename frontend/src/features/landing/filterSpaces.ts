import type { LandingPage, Space } from '@/lib/types';

export interface SpaceGroup {
  key: 'national' | 'mine' | 'more' | 'filtered';
  spaces: Space[];
}

/** Case-insensitive substring match on title, subdomain or id (spec §2). */
export function matchesFilter(space: Space, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  if (!needle) return true;
  return (
    space.title.toLowerCase().includes(needle) || space.subdomain.toLowerCase().includes(needle) || String(space.id).includes(needle)
  );
}

/**
 * Unfiltered: national spaces first, then "My organisations" (all of the member's spaces, which the
 * server never pages) and "More organisations" (the loaded pages of the others).
 * Filtered: one "Filtered organisations" group (empty means "No organisations found").
 */
export function groupSpaces(page: LandingPage, filter: string): SpaceGroup[] {
  if (filter.trim()) {
    const seen = new Set<number>();
    const all = [...page.nationalSpaces, ...page.mySpaces, ...page.spaces].filter((s) => {
      if (seen.has(s.id)) return false;
      seen.add(s.id);
      return matchesFilter(s, filter);
    });
    return [{ key: 'filtered', spaces: all }];
  }
  const groups: SpaceGroup[] = [
    { key: 'national', spaces: page.nationalSpaces },
    { key: 'mine', spaces: page.mySpaces },
    { key: 'more', spaces: page.spaces.filter((s) => !s.member) },
  ];
  return groups.filter((g) => g.spaces.length > 0);
}
