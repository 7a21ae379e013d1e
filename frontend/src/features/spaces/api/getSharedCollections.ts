import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** shared: this space's collections with their offers; available: collections other spaces offer to it. */
export const getSharedCollections = (spaceId: number) => apiQuery('admin/spaceadmin/query/sharedCollections', { spaceId });

export const sharedCollectionsQueryOptions = (spaceId: number) =>
  queryOptions({ queryKey: ['spaces', spaceId, 'sharedCollections'], queryFn: () => getSharedCollections(spaceId) });

export const useSharedCollections = (spaceId: number) => useQuery(sharedCollectionsQueryOptions(spaceId));
