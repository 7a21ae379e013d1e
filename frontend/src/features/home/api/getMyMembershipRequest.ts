import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** The caller's latest request to join the current space (any status), or null. */
export const getMyMembershipRequest = () => apiQuery('common/query/myMembershipRequest');

export const myMembershipRequestQueryOptions = () => queryOptions({ queryKey: ['myMembershipRequest'], queryFn: getMyMembershipRequest });

export const useMyMembershipRequest = (enabled: boolean) => useQuery({ ...myMembershipRequestQueryOptions(), enabled });
