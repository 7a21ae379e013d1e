import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { MembershipRequest } from '@/lib/api-types.gen';

/** The caller's latest request to join the current space (any status), or null. */
export const getMyMembershipRequest = () => apiQuery<MembershipRequest | null>('common', 'myMembershipRequest');

export const myMembershipRequestQueryOptions = () => queryOptions({ queryKey: ['myMembershipRequest'], queryFn: getMyMembershipRequest });

export const useMyMembershipRequest = (enabled: boolean) => useQuery({ ...myMembershipRequestQueryOptions(), enabled });
