import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { RequireRequest as RequireAcknowledgementRequest } from '@/lib/api-types.gen';

/** Requires acknowledgement of a guideline from chosen members, or without members from everyone who may read it. */
export const requireAcknowledgement = (req: RequireAcknowledgementRequest) =>
  apiMutation('admin/collectionadmin/mutation/requireAcknowledgement', req);

export function useRequireAcknowledgement(guideline: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requireAcknowledgement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['acknowledgements', 'report', guideline] }),
  });
}
