import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { UsersSearchRequest as UserSearchRequest } from '@/lib/api-types.gen';

export const searchUsers = (input: UserSearchRequest) => apiQuery('common/query/searchUser', input);

export const searchUsersQueryOptions = (query: string) =>
  queryOptions({ queryKey: ['common', 'searchUser', query], queryFn: () => searchUsers({ query }), enabled: query.trim() !== '', placeholderData: keepPreviousData });

/** Users of any space by name or e-mail; idle while the query is empty. */
export const useSearchUsers = (query: string) => useQuery(searchUsersQueryOptions(query));
