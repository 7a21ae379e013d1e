import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

export const getCollectionStats = (collectionId: number) => apiQuery('admin/query/collectionStats', { collectionId });

export const collectionStatsQueryOptions = (collectionId: number) =>
  queryOptions({ queryKey: ['collections', collectionId, 'stats'], queryFn: () => getCollectionStats(collectionId) });

export const useCollectionStats = (collectionId: number) => useQuery(collectionStatsQueryOptions(collectionId));
