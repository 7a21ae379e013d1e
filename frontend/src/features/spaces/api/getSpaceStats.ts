import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { SpaceStats } from '@/lib/types';

export const getSpaceStats = (spaceId: number) => apiQuery<SpaceStats>('admin', 'spaceStats', { spaceId });

export const spaceStatsQueryOptions = (spaceId: number) => queryOptions({ queryKey: ['spaces', spaceId, 'stats'], queryFn: () => getSpaceStats(spaceId) });

export const useSpaceStats = (spaceId: number) => useQuery(spaceStatsQueryOptions(spaceId));
