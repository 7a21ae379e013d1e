import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Per translated language: the source language and version it was translated from, and whether the source changed importantly since. */
export const getTranslationStatus = (guideline: number) => apiQuery('author/query/translationStatus', { guideline });

export const translationStatusQueryOptions = (guideline: number) =>
  queryOptions({ queryKey: ['guidelines', guideline, 'translations'], queryFn: () => getTranslationStatus(guideline) });

export const useTranslationStatus = (guideline: number) => useQuery(translationStatusQueryOptions(guideline));
