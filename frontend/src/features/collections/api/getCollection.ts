import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { Collection } from '@/lib/types';

export const getCollection = (collectionId: number) => apiQuery('common/query/collection', { collectionId }) as Promise<Collection>;

export const collectionQueryOptions = (collectionId: number) =>
  queryOptions({ queryKey: ['collections', collectionId], queryFn: () => getCollection(collectionId) });

export const useCollection = (collectionId: number, enabled = true) => useQuery({ ...collectionQueryOptions(collectionId), enabled });
