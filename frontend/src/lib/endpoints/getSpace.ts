import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';
import type { Space } from '../types';

export const getSpace = (idOrDomain: string) => apiQuery<Space>('common', 'space', { idOrDomain });

export const spaceQueryOptions = (idOrDomain: string) =>
  queryOptions({ queryKey: ['space', idOrDomain], queryFn: () => getSpace(idOrDomain), staleTime: 5 * 60_000 });

export const useSpace = (idOrDomain: string) => useQuery(spaceQueryOptions(idOrDomain));
