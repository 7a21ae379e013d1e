import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '../api';
import type { SendRequest as SendFeedbackRequest } from '../api-types.gen';
import { myFeedbacksQueryOptions } from './getMyFeedbacks';

/** Writes to the authors of a guideline language; the answer is the new thread. */
export const sendFeedback = (req: SendFeedbackRequest) => apiMutation('reader/mutation/sendFeedback', req);

export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myFeedbacksQueryOptions().queryKey }),
  });
}
