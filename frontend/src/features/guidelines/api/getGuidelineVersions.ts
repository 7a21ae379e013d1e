import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Every saved version of the language of `version`, newest first; `published` marks the one readers see. */
export const getGuidelineVersions = (id: number, version: number) => apiQuery('author/query/guidelineVersion', { id, version });

export const guidelineVersionsQueryOptions = (id: number, version: number) =>
  queryOptions({ queryKey: ['guidelines', id, 'history', version], queryFn: () => getGuidelineVersions(id, version) });

export const useGuidelineVersions = (id: number, version: number) => useQuery(guidelineVersionsQueryOptions(id, version));
