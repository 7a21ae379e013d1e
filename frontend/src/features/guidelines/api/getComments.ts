import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Comments on a guideline language the caller may see, newest first, each with its answers oldest first. */
export const getComments = (id: number, language: string) => apiQuery('reader/query/commentsForGuideline', { id, language });

export const commentsQueryOptions = (id: number, language: string) =>
  queryOptions({ queryKey: ['guidelines', id, 'comments', language], queryFn: () => getComments(id, language) });

export const useComments = (id: number, language: string) => useQuery(commentsQueryOptions(id, language));
