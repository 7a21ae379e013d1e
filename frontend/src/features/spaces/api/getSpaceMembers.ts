import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api';
import type { Member } from '../../../lib/types';

/** The server pages member lists (default 100, max 1000); the screen loads the maximum and filters locally. */
export const MEMBER_LIST_LIMIT = 1000;

export const getSpaceMembers = (space: number) => apiQuery<Member[]>('admin/spaceadmin', 'spaceMembers', { space, limit: MEMBER_LIST_LIMIT });

export const spaceMembersQueryOptions = (space: number) =>
  queryOptions({ queryKey: ['spaces', space, 'members'], queryFn: () => getSpaceMembers(space) });

export const useSpaceMembers = (space: number) => useQuery(spaceMembersQueryOptions(space));
