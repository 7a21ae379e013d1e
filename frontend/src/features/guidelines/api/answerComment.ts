import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { CommentsAnswerRequest as AnswerCommentRequest } from '@/lib/api-types.gen';
import { commentsQueryOptions } from './getComments';

/** Answers a comment; returns the answer. 400 validation.required / validation.tooLong, 404 comment.notFound. */
export const answerComment = (input: AnswerCommentRequest) => apiMutation('reader/mutation/answerComment', input);

export const useAnswerComment = (guidelineId: number, language: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerComment,
    // the answer joins its thread, last as the oldest-first order wants
    onSuccess: (answer) =>
      queryClient.setQueryData(commentsQueryOptions(guidelineId, language).queryKey, (threads) =>
        threads?.map((c) => (c.id === answer.parentId ? { ...c, answers: [...c.answers, answer] } : c)),
      ),
  });
};
