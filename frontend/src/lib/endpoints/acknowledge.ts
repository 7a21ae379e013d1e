import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '../api';
import type { AcknowledgeRequest } from '../api-types.gen';
import { changedSinceReadQueryOptions } from './getChangedSinceRead';

/** Acknowledges the published version of a guideline language ("read and understood"). */
export const acknowledge = (req: AcknowledgeRequest) => apiMutation('reader/mutation/acknowledge', req);

export function useAcknowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: changedSinceReadQueryOptions().queryKey }),
  });
}
