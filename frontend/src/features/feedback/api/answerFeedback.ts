import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { FeedbackAnswerRequest as AnswerFeedbackRequest } from '@/lib/api-types.gen';
import { feedbackQueryOptions } from './getFeedback';
import { myFeedbacksQueryOptions } from '@/lib/endpoints/getMyFeedbacks';

/** Adds a message to a thread. */
export const answerFeedback = (req: AnswerFeedbackRequest) => apiMutation('reader/mutation/answerFeedback', req);

export function useAnswerFeedback(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => answerFeedback({ feedback: id, text }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: feedbackQueryOptions(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: myFeedbacksQueryOptions().queryKey }),
      ]),
  });
}
