import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** People, settings, language states and the caller's abilities for the management page. */
export const getGuidelineInfo = (id: number, language: string) => apiQuery('author/query/guidelineInfo', { id, language });

export const guidelineInfoQueryOptions = (id: number, language: string) =>
  queryOptions({ queryKey: ['guidelines', id, 'info', language], queryFn: () => getGuidelineInfo(id, language) });

export const useGuidelineInfo = (id: number, language: string, enabled = true) => useQuery({ ...guidelineInfoQueryOptions(id, language), enabled });
