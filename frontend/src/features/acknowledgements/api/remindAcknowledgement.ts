import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { AcknowledgementsLanguageRequest as AcknowledgementsRequest } from '@/lib/api-types.gen';
import { acknowledgementsQueryOptions } from './getAcknowledgements';

/** Reminds the missing ones (notification and mail), each at most once a week. */
export const remindAcknowledgement = (req: AcknowledgementsRequest) =>
  apiMutation('admin/collectionadmin/mutation/remindAcknowledgement', req);

export function useRemindAcknowledgement(req: AcknowledgementsRequest) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => remindAcknowledgement(req),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: acknowledgementsQueryOptions(req).queryKey }),
  });
}
