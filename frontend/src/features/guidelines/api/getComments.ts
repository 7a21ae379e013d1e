import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { Comment } from '@/lib/api-types.gen';

/** Comments on a guideline language the caller may see, newest first, each with its answers oldest first. */
export const getComments = (id: number, language: string) => apiQuery<Comment[]>('reader', 'commentsForGuideline', { id, language });

export const commentsQueryOptions = (id: number, language: string) =>
  queryOptions({ queryKey: ['guidelines', id, 'comments', language], queryFn: () => getComments(id, language) });

export const useComments = (id: number, language: string) => useQuery(commentsQueryOptions(id, language));
