import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { DomainRequest as CustomDomainRequest } from '@/lib/api-types.gen';
import { customDomainsQueryOptions } from './getCustomDomains';

/** Adds a pending domain and answers its token; 400 domain.malformed / domain.underBaseDomain, 409 domain.taken. */
export const addCustomDomain = (input: CustomDomainRequest) => apiMutation('admin/mutation/addCustomDomain', input);

export const useAddCustomDomain = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => addCustomDomain({ spaceId, domain }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customDomainsQueryOptions(spaceId).queryKey }),
  });
};
