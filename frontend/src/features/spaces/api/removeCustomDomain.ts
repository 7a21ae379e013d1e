import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { DomainRequest as CustomDomainRequest } from '@/lib/api-types.gen';
import { customDomainsQueryOptions } from './getCustomDomains';

/** Removes a domain; the space stops answering on it at once. */
export const removeCustomDomain = (input: CustomDomainRequest) => apiMutation('admin/mutation/removeCustomDomain', input);

export const useRemoveCustomDomain = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => removeCustomDomain({ spaceId, domain }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customDomainsQueryOptions(spaceId).queryKey }),
  });
};
