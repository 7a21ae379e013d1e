import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { Metadata } from '@/lib/api-types.gen';

/** Every metadata definition (created by the super admin), ordered by name. */
export const getAllMetadata = () => apiQuery<Metadata[]>('admin', 'allMetadata');

export const allMetadataQueryOptions = () => queryOptions({ queryKey: ['metadata', 'all'], queryFn: getAllMetadata });

export const useAllMetadata = () => useQuery(allMetadataQueryOptions());
