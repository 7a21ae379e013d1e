import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { RequireRequest as RequireAcknowledgementRequest } from '@/lib/api-types.gen';

/**
 * Requires acknowledgement of a guideline, or of every guideline of a collection, from chosen
 * members and the holders of chosen collection roles, or without either from everyone who may read it.
 */
export const requireAcknowledgement = (req: RequireAcknowledgementRequest) =>
  apiMutation('admin/collectionadmin/mutation/requireAcknowledgement', req);

/** Changes a requirement; a collection's changes the reports of its guidelines, so every acknowledgement query is refreshed. */
export function useRequireAcknowledgement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requireAcknowledgement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['acknowledgements'] }),
  });
}
