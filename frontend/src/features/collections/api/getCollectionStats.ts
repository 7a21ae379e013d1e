import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { CollectionStats } from '@/lib/types';

export const getCollectionStats = (collectionId: number) => apiQuery<CollectionStats>('admin', 'collectionStats', { collectionId });

export const collectionStatsQueryOptions = (collectionId: number) =>
  queryOptions({ queryKey: ['collections', collectionId, 'stats'], queryFn: () => getCollectionStats(collectionId) });

export const useCollectionStats = (collectionId: number) => useQuery(collectionStatsQueryOptions(collectionId));
