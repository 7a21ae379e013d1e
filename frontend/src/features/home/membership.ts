/** What the welcome page offers a signed-in user who is not a member of the space. */
import type { MembershipRequest, Navigation } from '@/lib/api-types.gen';

/** hidden: anonymous, a member, or not known yet; none: may ask; pending/declined: the latest request. */
export type MembershipState = 'hidden' | 'none' | 'pending' | 'declined';

export function membershipState(signedIn: boolean, nav: Navigation | undefined, request: MembershipRequest | null | undefined): MembershipState {
  if (!signedIn || !nav || nav.spaceMember || request === undefined) return 'hidden';
  if (request?.status === 'pending') return 'pending';
  // The server allows a new request once the last one is closed (the unique index covers pending
  // ones only); an accepted request of someone who is no longer a member is closed as well.
  if (request?.status === 'declined') return 'declined';
  return 'none';
}
