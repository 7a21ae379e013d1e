import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { IdentityProviders } from '@/lib/api-types.gen';

/** The configured identity providers (client secrets only as "set") and the redirect URI to register at each. */
export const getIdentityProviders = () => apiQuery<IdentityProviders>('admin', 'identityProviders');

export const identityProvidersQueryOptions = () => queryOptions({ queryKey: ['admin', 'identityProviders'], queryFn: getIdentityProviders });

export const useIdentityProviders = () => useQuery(identityProvidersQueryOptions());
