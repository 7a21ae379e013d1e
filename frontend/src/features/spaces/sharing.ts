/** Pure helpers of the sharing tab. */
import type { LandingPage, ShareEntry, SharedCollection } from '../../lib/api-types.gen';

export interface ShareTarget {
  id: number;
  title: string;
}

/**
 * Spaces a collection may be offered to: every space of the landing page (regional and national)
 * except this one and those it is offered to already, ordered by title.
 */
export function shareTargets(landing: LandingPage | undefined, spaceId: number, offered: SharedCollection | undefined): ShareTarget[] {
  if (!landing) return [];
  const skip = new Set([spaceId, ...(offered?.shares ?? []).map((s) => s.toSpaceId)]);
  const targets = new Map<number, ShareTarget>();
  for (const s of [...landing.nationalSpaces, ...landing.spaces]) {
    if (!skip.has(s.id)) targets.set(s.id, { id: s.id, title: s.title });
  }
  return [...targets.values()].sort((a, b) => a.title.localeCompare(b.title));
}

/** The offer of an incoming collection to this space (the overview lists one per receiving space). */
export function incomingShare(collection: SharedCollection, spaceId: number): ShareEntry | undefined {
  return collection.shares.find((s) => s.toSpaceId === spaceId) ?? collection.shares[0];
}
