import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import { CLUSTERS_QUERY_KEY } from './keys';

export const getClusters = () => apiQuery('admin/query/clusters', {});

export const clustersQueryOptions = () => queryOptions({ queryKey: CLUSTERS_QUERY_KEY, queryFn: getClusters });

/** The registered clusters with their space counts and whether they answer. */
export const useClusters = () => useQuery(clustersQueryOptions());
