import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** From whom a collection requires acknowledgement of every guideline in it. */
export const getCollectionAcknowledgement = (collection: number) =>
  apiQuery('admin/collectionadmin/query/collectionAcknowledgement', { collection });

export const collectionAcknowledgementQueryOptions = (collection: number) =>
  queryOptions({ queryKey: ['acknowledgements', 'collection', collection], queryFn: () => getCollectionAcknowledgement(collection) });

export const useCollectionAcknowledgement = (collection: number) => useQuery(collectionAcknowledgementQueryOptions(collection));
