import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** The configured identity providers (client secrets only as "set") and the redirect URI to register at each. */
export const getIdentityProviders = () => apiQuery('admin/query/identityProviders');

export const identityProvidersQueryOptions = () => queryOptions({ queryKey: ['admin', 'identityProviders'], queryFn: getIdentityProviders });

export const useIdentityProviders = () => useQuery(identityProvidersQueryOptions());
