import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

export const getAllMetadata = () => apiQuery('admin/query/allMetadata');

export const allMetadataQueryOptions = () => queryOptions({ queryKey: ['admin', 'allMetadata'], queryFn: getAllMetadata });

export const useAllMetadata = () => useQuery(allMetadataQueryOptions());
