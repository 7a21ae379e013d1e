import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** The comments on a guideline language the caller may see (own ones; all for authors and collection admins). */
export const getReaderComments = (id: number, language: string) => apiQuery('reader/query/commentsForGuideline', { id, language });

export const readerCommentsQueryOptions = (id: number, language: string) =>
  queryOptions({ queryKey: ['reader', 'comments', id, language], queryFn: () => getReaderComments(id, language) });

/** Only signed-in readers have comments (anonymous calls would be sent to the sign-in page). */
export const useReaderComments = (id: number, language: string, enabled: boolean) =>
  useQuery({ ...readerCommentsQueryOptions(id, language), enabled });
