import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { commentsQueryOptions } from './getComments';

/** Deletes a comment with its answers, or one answer (its writer or a collection administrator). */
export const deleteComment = (id: number) => apiMutation('reader/mutation/deleteComment', { id });

export const useDeleteComment = (guidelineId: number, language: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_, id) => {
      queryClient.setQueryData(commentsQueryOptions(guidelineId, language).queryKey, (threads) =>
        threads?.filter((c) => c.id !== id).map((c) => ({ ...c, answers: c.answers.filter((a) => a.id !== id) })),
      );
      // the server drops the notifications about the deleted comments with them
      return queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
};
