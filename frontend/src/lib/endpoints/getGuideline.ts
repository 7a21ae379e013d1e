import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';

/**
 * One saved version of a guideline (drafts included) for its authors and reviewers; 404
 * guideline.versionNotFound. Versions are immutable, so a loaded one never goes stale.
 */
export const getGuideline = (id: number, version: number) => apiQuery('author/query/guideline', { id, version });

export const guidelineQueryOptions = (id: number, version: number) =>
  queryOptions({ queryKey: ['guidelines', id, 'version', version], queryFn: () => getGuideline(id, version), staleTime: Infinity });

export const useGuideline = (id: number, version: number | null | undefined) =>
  useQuery({ ...guidelineQueryOptions(id, version ?? 0), enabled: version !== null && version !== undefined && version > 0 });
