import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { AcknowledgementRequirement, RequireAcknowledgementRequest } from '@/lib/api-types.gen';

/** Requires acknowledgement of a guideline from chosen members, or without members from everyone who may read it. */
export const requireAcknowledgement = (req: RequireAcknowledgementRequest) =>
  apiMutation<AcknowledgementRequirement>('admin/collectionadmin', 'requireAcknowledgement', req);

export function useRequireAcknowledgement(guideline: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requireAcknowledgement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['acknowledgements', 'report', guideline] }),
  });
}
