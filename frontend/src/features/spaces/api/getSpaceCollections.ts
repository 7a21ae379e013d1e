import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { Collection } from '@/lib/types';

export const getSpaceCollections = (spaceId: number) => apiQuery('admin/query/collections', { spaceId }) as Promise<Collection[]>;

export const spaceCollectionsQueryOptions = (spaceId: number) =>
  queryOptions({ queryKey: ['spaces', spaceId, 'collections'], queryFn: () => getSpaceCollections(spaceId) });

export const useSpaceCollections = (spaceId: number) => useQuery(spaceCollectionsQueryOptions(spaceId));
