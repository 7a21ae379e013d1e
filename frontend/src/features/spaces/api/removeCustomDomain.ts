import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { CustomDomainRequest } from '@/lib/api-types.gen';
import { customDomainsQueryOptions } from './getCustomDomains';

/** Removes a domain; the space stops answering on it at once. */
export const removeCustomDomain = (input: CustomDomainRequest) => apiMutation<Record<string, never>>('admin', 'removeCustomDomain', input);

export const useRemoveCustomDomain = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => removeCustomDomain({ spaceId, domain }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customDomainsQueryOptions(spaceId).queryKey }),
  });
};
