import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/**
 * The spaces a collection of the current space is offered to, each with whether that space
 * has turned the share on (active); for the collection's admins.
 */
export const getCollectionShareRequests = (collectionId: number) =>
  apiQuery('admin/collectionadmin/query/collectionShareRequests', { collectionId });

export const collectionShareRequestsQueryOptions = (collectionId: number) =>
  queryOptions({ queryKey: ['collections', collectionId, 'shares'], queryFn: () => getCollectionShareRequests(collectionId) });

export const useCollectionShareRequests = (collectionId: number) => useQuery(collectionShareRequestsQueryOptions(collectionId));
