import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

export const getSpaceStats = (spaceId: number) => apiQuery('admin/query/spaceStats', { spaceId });

export const spaceStatsQueryOptions = (spaceId: number) => queryOptions({ queryKey: ['spaces', spaceId, 'stats'], queryFn: () => getSpaceStats(spaceId) });

export const useSpaceStats = (spaceId: number) => useQuery(spaceStatsQueryOptions(spaceId));
