import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** History of a guideline language: saved versions, requests and their answers, newest first. */
export const getTimeline = (guideline: number, lang: string) => apiQuery('author/query/timeline', { guideline, lang });

export const timelineQueryOptions = (guideline: number, lang: string) =>
  queryOptions({ queryKey: ['guidelines', guideline, 'timeline', lang], queryFn: () => getTimeline(guideline, lang) });

export const useTimeline = (guideline: number, lang: string) => useQuery(timelineQueryOptions(guideline, lang));
