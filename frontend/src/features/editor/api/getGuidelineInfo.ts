import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Collection, people, language states and the caller's abilities (edit) of a guideline. */
export const getGuidelineInfo = (id: number, language: string) => apiQuery('author/query/guidelineInfo', { id, language });

// Same key as the management page's query of this endpoint: one cache entry for both.
export const guidelineInfoQueryOptions = (id: number, language: string) =>
  queryOptions({ queryKey: ['guidelines', id, 'info', language], queryFn: () => getGuidelineInfo(id, language) });

export const useGuidelineInfo = (id: number, language: string) => useQuery(guidelineInfoQueryOptions(id, language));
