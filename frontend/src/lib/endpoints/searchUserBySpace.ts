import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';

/** Members of the current space whose name or e-mail matches (at most 20). */
export const searchUserBySpace = (query: string) => apiQuery('common/query/searchUserBySpace', { query });

export const searchUserBySpaceQueryOptions = (query: string) =>
  queryOptions({ queryKey: ['users', 'bySpace', query], queryFn: () => searchUserBySpace(query), staleTime: 10_000 });

export const useSearchUserBySpace = (query: string) =>
  useQuery({ ...searchUserBySpaceQueryOptions(query), enabled: query.trim().length > 0, placeholderData: keepPreviousData });
