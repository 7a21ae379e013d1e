import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api';
import type { Member } from '../../../lib/types';

/** Members with admin = collection admin. */
/** The server pages member lists (default 100, max 1000); the screen loads the maximum and filters locally. */
export const MEMBER_LIST_LIMIT = 1000;

export const getCollectionMembers = (collection: number) =>
  apiQuery<Member[]>('admin/collectionadmin', 'collectionMembers', { collection, limit: MEMBER_LIST_LIMIT });

export const collectionMembersQueryOptions = (collection: number) =>
  queryOptions({ queryKey: ['collections', collection, 'members'], queryFn: () => getCollectionMembers(collection) });

export const useCollectionMembers = (collection: number) => useQuery(collectionMembersQueryOptions(collection));
