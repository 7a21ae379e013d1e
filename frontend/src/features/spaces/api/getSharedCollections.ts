import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { SharingOverview } from '@/lib/api-types.gen';

/** shared: this space's collections with their offers; available: collections other spaces offer to it. */
export const getSharedCollections = (spaceId: number) => apiQuery<SharingOverview>('admin/spaceadmin', 'sharedCollections', { spaceId });

export const sharedCollectionsQueryOptions = (spaceId: number) =>
  queryOptions({ queryKey: ['spaces', spaceId, 'sharedCollections'], queryFn: () => getSharedCollections(spaceId) });

export const useSharedCollections = (spaceId: number) => useQuery(sharedCollectionsQueryOptions(spaceId));
