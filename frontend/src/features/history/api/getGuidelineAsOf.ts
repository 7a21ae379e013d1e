import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { AsOfRequest } from '@/lib/api-types.gen';

/** A guideline language as it was in force at the end of a day (UTC); 404 guideline.notInForce before its first publication. */
export const getGuidelineAsOf = (req: AsOfRequest) => apiQuery('reader/query/guidelineAsOf', req);

export const guidelineAsOfQueryOptions = (id: number, language: string, date: string) =>
  queryOptions({
    queryKey: ['reader', 'guidelineAsOf', id, language, date],
    queryFn: () => getGuidelineAsOf({ id, language, date }),
  });

export const useGuidelineAsOf = (id: number, language: string, date: string) => useQuery(guidelineAsOfQueryOptions(id, language, date));
