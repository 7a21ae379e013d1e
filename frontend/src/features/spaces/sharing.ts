/** Pure helpers of the sharing tab. */
import type { ShareEntry, SharedCollection } from '@/lib/api-types.gen';

/** Why a space cannot receive the collection: it is this space, or the collection is offered to it already. */
export type ShareBlock = 'ownSpace' | 'alreadyOffered';

/** Whether spaceId's collection `offered` (undefined: none chosen yet) may go to `target`. */
export function shareBlock(target: number, spaceId: number, offered: SharedCollection | undefined): ShareBlock | undefined {
  if (target === spaceId) return 'ownSpace';
  if (offered?.shares.some((s) => s.toSpaceId === target)) return 'alreadyOffered';
  return undefined;
}

/** The offer of an incoming collection to this space (the overview lists one per receiving space). */
export function incomingShare(collection: SharedCollection, spaceId: number): ShareEntry | undefined {
  return collection.shares.find((s) => s.toSpaceId === spaceId) ?? collection.shares[0];
}
