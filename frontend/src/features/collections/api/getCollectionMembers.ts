import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import { MEMBER_PAGE_SIZE, nextMemberOffset } from '@/lib/members';

export interface CollectionMembersInput {
  collection: number;
  /** matches first name, last name or e-mail on the server; '' lists everyone */
  query: string;
  offset: number;
  limit: number;
}

/** One page of the members of a collection, by last name; admin = collection admin. */
export const getCollectionMembers = (input: CollectionMembersInput) => apiQuery('admin/collectionadmin/query/collectionMembers', input);

/** Prefix of every search and page of a collection's member list: invalidate this after a change. */
export const collectionMembersKey = (collection: number) => ['collections', collection, 'members'] as const;

export const collectionMembersQueryOptions = (collection: number, query: string) =>
  infiniteQueryOptions({
    queryKey: [...collectionMembersKey(collection), query],
    queryFn: ({ pageParam }) => getCollectionMembers({ collection, query, offset: pageParam, limit: MEMBER_PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: nextMemberOffset,
  });

/** Pages of the members matching `query`; the previous result stays on screen while a new search loads. */
export const useCollectionMembers = (collection: number, query: string) =>
  useInfiniteQuery({ ...collectionMembersQueryOptions(collection, query), placeholderData: keepPreviousData });
