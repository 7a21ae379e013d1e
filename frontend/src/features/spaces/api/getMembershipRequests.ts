import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Pending requests to join the space, newest first. */
export const getMembershipRequests = (spaceId: number) => apiQuery('admin/spaceadmin/query/membershipRequests', { spaceId });

export const membershipRequestsQueryOptions = (spaceId: number) =>
  queryOptions({ queryKey: ['spaces', spaceId, 'membershipRequests'], queryFn: () => getMembershipRequests(spaceId) });

export const useMembershipRequests = (spaceId: number, enabled = true) => useQuery({ ...membershipRequestsQueryOptions(spaceId), enabled });
