import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { IDRequest as FeedbackRequest } from '@/lib/api-types.gen';
import { myFeedbacksQueryOptions } from '@/lib/endpoints/getMyFeedbacks';

/** Marks every message of a thread read for the caller. */
export const markFeedbackRead = (req: FeedbackRequest) => apiMutation('reader/mutation/markFeedbackRead', req);

export function useMarkFeedbackRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => markFeedbackRead({ id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myFeedbacksQueryOptions().queryKey }),
  });
}
