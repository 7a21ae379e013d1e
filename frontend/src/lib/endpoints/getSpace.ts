import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';

export const getSpace = (idOrDomain: string) => apiQuery('common/query/space', { idOrDomain });

export const spaceQueryOptions = (idOrDomain: string) =>
  queryOptions({ queryKey: ['space', idOrDomain], queryFn: () => getSpace(idOrDomain), staleTime: 5 * 60_000 });

export const useSpace = (idOrDomain: string) => useQuery(spaceQueryOptions(idOrDomain));
