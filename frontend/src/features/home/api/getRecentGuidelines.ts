import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

export interface RecentRequest {
  /** "spaceId:collectionId", or none for every readable collection */
  collectionId?: string;
  limit: number;
  /** preferred language of the titles */
  lang: string;
}

/** The most recently published guidelines the caller may read, here and in collections shared to this space. */
export const getRecentGuidelines = (req: RecentRequest) => apiQuery('common/query/recentGuidelines', req);

export const recentGuidelinesQueryOptions = (req: RecentRequest) =>
  queryOptions({ queryKey: ['recentGuidelines', req], queryFn: () => getRecentGuidelines(req) });

export const useRecentGuidelines = (req: RecentRequest, enabled = true) => useQuery({ ...recentGuidelinesQueryOptions(req), enabled });
