import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import { MEMBER_PAGE_SIZE, nextMemberOffset } from '@/lib/members';

export interface SpaceMembersInput {
  space: number;
  /** matches first name, last name or e-mail on the server; '' lists everyone */
  query: string;
  offset: number;
  limit: number;
}

/** One page of the members of a space, by last name; admins carry the admin flag. */
export const getSpaceMembers = (input: SpaceMembersInput) => apiQuery('admin/spaceadmin/query/spaceMembers', input);

/** Prefix of every search and page of a space's member list: invalidate this after a change. */
export const spaceMembersKey = (space: number) => ['spaces', space, 'members'] as const;

export const spaceMembersQueryOptions = (space: number, query: string) =>
  infiniteQueryOptions({
    queryKey: [...spaceMembersKey(space), query],
    queryFn: ({ pageParam }) => getSpaceMembers({ space, query, offset: pageParam, limit: MEMBER_PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: nextMemberOffset,
  });

/** Pages of the members matching `query`; the previous result stays on screen while a new search loads. */
export const useSpaceMembers = (space: number, query: string) => useInfiniteQuery({ ...spaceMembersQueryOptions(space, query), placeholderData: keepPreviousData });
