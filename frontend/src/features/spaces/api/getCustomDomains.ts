import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

export const getCustomDomains = (spaceId: number) => apiQuery('admin/query/customDomains', { spaceId });

export const customDomainsQueryOptions = (spaceId: number) =>
  queryOptions({ queryKey: ['spaces', spaceId, 'customDomains'], queryFn: () => getCustomDomains(spaceId) });

export const useCustomDomains = (spaceId: number) => useQuery(customDomainsQueryOptions(spaceId));
