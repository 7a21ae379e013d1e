import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { Metadata } from '@/lib/api-types.gen';

export const getAllMetadata = () => apiQuery<Metadata[]>('admin', 'allMetadata');

export const allMetadataQueryOptions = () => queryOptions({ queryKey: ['admin', 'allMetadata'], queryFn: getAllMetadata });

export const useAllMetadata = () => useQuery(allMetadataQueryOptions());
