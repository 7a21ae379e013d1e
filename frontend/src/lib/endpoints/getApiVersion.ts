import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';

/** Fixed UI version, logged next to the API version (spec §3). */
export const UI_VERSION = '0.1.0';

export const getApiVersion = () => apiQuery('common/query/apiVersion');

export const apiVersionQueryOptions = () => queryOptions({ queryKey: ['apiVersion'], queryFn: getApiVersion, staleTime: Infinity });

export const useApiVersion = () => useQuery(apiVersionQueryOptions());
