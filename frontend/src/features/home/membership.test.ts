import { describe, expect, it } from 'vitest';
import type { MembershipRequest, Navigation } from '@/lib/api-types.gen';
import { membershipState } from './membership';

const nav = (spaceMember: boolean) => ({ spaceMember }) as Navigation;
const request = (status: string) => ({ id: 1, status }) as MembershipRequest;

describe('membershipState', () => {
  it('hides the card for anonymous users, members and while loading', () => {
    expect(membershipState(false, nav(false), null)).toBe('hidden');
    expect(membershipState(true, nav(true), null)).toBe('hidden');
    expect(membershipState(true, undefined, null)).toBe('hidden');
    expect(membershipState(true, nav(false), undefined)).toBe('hidden');
  });
  it('follows the latest request', () => {
    expect(membershipState(true, nav(false), null)).toBe('none');
    expect(membershipState(true, nav(false), request('pending'))).toBe('pending');
    expect(membershipState(true, nav(false), request('declined'))).toBe('declined');
    // accepted, but removed from the space later: may ask again
    expect(membershipState(true, nav(false), request('accepted'))).toBe('none');
  });
});
