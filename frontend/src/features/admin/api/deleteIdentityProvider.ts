import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { SsoDeleteRequest as DeleteIdentityProviderRequest } from '@/lib/api-types.gen';
import { identityProvidersQueryOptions } from './getIdentityProviders';

/** Removes an identity provider; its logins stay with their accounts and sign in nowhere. */
export const deleteIdentityProvider = (input: DeleteIdentityProviderRequest) => apiMutation('admin/mutation/deleteIdentityProvider', input);

export const useDeleteIdentityProvider = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIdentityProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identityProvidersQueryOptions().queryKey }),
  });
};
