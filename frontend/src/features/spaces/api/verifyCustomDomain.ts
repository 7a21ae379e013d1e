import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { DomainRequest as CustomDomainRequest } from '@/lib/api-types.gen';
import { customDomainsQueryOptions } from './getCustomDomains';

/** Checks the DNS record, then the HTTP token; 400 domain.unverified with params dns and http naming each check's reason. */
export const verifyCustomDomain = (input: CustomDomainRequest) => apiMutation('admin/mutation/verifyCustomDomain', input);

export const useVerifyCustomDomain = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => verifyCustomDomain({ spaceId, domain }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customDomainsQueryOptions(spaceId).queryKey }),
  });
};
