import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { ShareEntry } from '@/lib/api-types.gen';

/**
 * The spaces a collection of the current space is offered to, each with whether that space
 * has turned the share on (active); for the collection's admins.
 */
export const getCollectionShareRequests = (collectionId: number) =>
  apiQuery<ShareEntry[]>('admin/collectionadmin', 'collectionShareRequests', { collectionId });

export const collectionShareRequestsQueryOptions = (collectionId: number) =>
  queryOptions({ queryKey: ['collections', collectionId, 'shares'], queryFn: () => getCollectionShareRequests(collectionId) });

export const useCollectionShareRequests = (collectionId: number) => useQuery(collectionShareRequestsQueryOptions(collectionId));
