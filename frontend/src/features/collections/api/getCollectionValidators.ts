import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

export const getCollectionValidators = (collection: number) => apiQuery('admin/collectionadmin/query/collectionValidators', { collection });

export const collectionValidatorsQueryOptions = (collection: number) =>
  queryOptions({ queryKey: ['collections', collection, 'validators'], queryFn: () => getCollectionValidators(collection) });

export const useCollectionValidators = (collection: number) => useQuery(collectionValidatorsQueryOptions(collection));
