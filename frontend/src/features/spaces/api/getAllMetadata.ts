import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Every metadata definition (created by the super admin), ordered by name. */
export const getAllMetadata = () => apiQuery('admin/query/allMetadata');

export const allMetadataQueryOptions = () => queryOptions({ queryKey: ['metadata', 'all'], queryFn: getAllMetadata });

export const useAllMetadata = () => useQuery(allMetadataQueryOptions());
