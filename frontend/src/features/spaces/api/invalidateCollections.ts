import type { QueryClient } from '@tanstack/react-query';
import { navigationQueryOptions } from '@/lib/endpoints/getNavigation';
import { spaceCollectionsQueryOptions } from './getSpaceCollections';
import { spaceStatsQueryOptions } from './getSpaceStats';

/** After creating or deleting a collection: the space lists, stats, My Collections and the menu are stale. */
export function invalidateCollectionData(queryClient: QueryClient, spaceId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: spaceCollectionsQueryOptions(spaceId).queryKey }),
    queryClient.invalidateQueries({ queryKey: spaceStatsQueryOptions(spaceId).queryKey }),
    queryClient.invalidateQueries({ queryKey: ['collections'] }),
    queryClient.invalidateQueries({ queryKey: navigationQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['profile'] }),
  ]);
}
