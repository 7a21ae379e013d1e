import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { SaveRequest as SaveIdentityProviderRequest } from '@/lib/api-types.gen';
import { identityProvidersQueryOptions } from './getIdentityProviders';

/**
 * Creates (no id) or changes an identity provider; the server checks its issuer's discovery document
 * (400 identityProvider.discoveryFailed) and refuses a domain another provider serves (409 identityProvider.domainTaken).
 */
export const saveIdentityProvider = (input: SaveIdentityProviderRequest) => apiMutation('admin/mutation/saveIdentityProvider', input);

export const useSaveIdentityProvider = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIdentityProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identityProvidersQueryOptions().queryKey }),
  });
};
