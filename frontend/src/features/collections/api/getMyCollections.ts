import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { Collection } from '@/lib/types';

/** Collections the caller administers in the current space. */
export const getMyCollections = () => apiQuery('admin/collectionadmin/query/collections') as Promise<Collection[]>;

export const myCollectionsQueryOptions = () => queryOptions({ queryKey: ['collections', 'mine'], queryFn: getMyCollections });

export const useMyCollections = () => useQuery(myCollectionsQueryOptions());
