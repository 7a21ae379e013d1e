import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

export const getHistoryReaders = (collection: number) => apiQuery('admin/collectionadmin/query/historyReaders', { collection });

export const historyReadersQueryOptions = (collection: number) =>
  queryOptions({ queryKey: ['collections', collection, 'historyReaders'], queryFn: () => getHistoryReaders(collection) });

export const useHistoryReaders = (collection: number) => useQuery(historyReadersQueryOptions(collection));
