import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** The guidelines of a collection with the states of their languages, for its admins. */
export const getCollectionGuidelines = (collection: number) => apiQuery('admin/query/collectionGuidelines', { collection });

export const collectionGuidelinesQueryOptions = (collection: number) =>
  queryOptions({ queryKey: ['collections', collection, 'guidelines'], queryFn: () => getCollectionGuidelines(collection) });

export const useCollectionGuidelines = (collection: number) => useQuery(collectionGuidelinesQueryOptions(collection));
