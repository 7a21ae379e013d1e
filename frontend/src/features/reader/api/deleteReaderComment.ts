import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { readerCommentsQueryOptions } from './getReaderComments';

/** Deletes an own comment with its answers, or an own answer. */
export const deleteReaderComment = (commentId: number) => apiMutation('reader/mutation/deleteComment', { id: commentId });

export const useDeleteReaderComment = (id: number, language: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReaderComment,
    onSuccess: (_, commentId) =>
      queryClient.setQueryData(readerCommentsQueryOptions(id, language).queryKey, (list) =>
        list?.filter((c) => c.id !== commentId).map((c) => ({ ...c, answers: c.answers.filter((a) => a.id !== commentId) })),
      ),
  });
};
