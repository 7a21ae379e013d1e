import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { UserDataRequest } from '@/lib/api-types.gen';

export const getUserData = (input: UserDataRequest) => apiQuery('admin/query/userData', input);

export const userDataQueryOptions = (username: string) =>
  queryOptions({ queryKey: ['admin', 'userData', username.toLowerCase()], queryFn: () => getUserData({ username }) });

export const useUserData = (username: string) => useQuery(userDataQueryOptions(username));
