import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { CommentsAnswerRequest as AnswerCommentRequest } from '@/lib/api-types.gen';
import { readerCommentsQueryOptions } from './getReaderComments';

/** Answers a comment (its thread); 404 comment.notFound when the caller does not see it. */
export const answerReaderComment = (input: AnswerCommentRequest) => apiMutation('reader/mutation/answerComment', input);

export const useAnswerReaderComment = (id: number, language: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerReaderComment,
    onSuccess: (answer) =>
      queryClient.setQueryData(readerCommentsQueryOptions(id, language).queryKey, (list) =>
        list?.map((c) => (c.id === answer.parentId ? { ...c, answers: [...c.answers, answer] } : c)),
      ),
  });
};
