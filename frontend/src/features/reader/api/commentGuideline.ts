import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { CommentsCreateRequest as CommentRequest } from '@/lib/api-types.gen';
import { readerCommentsQueryOptions } from './getReaderComments';

/** Writes a comment to the guideline's authors; 400 validation.required / validation.tooLong. */
export const commentGuideline = (input: CommentRequest) => apiMutation('reader/mutation/commentGuideline', input);

export const useCommentGuideline = (id: number, language: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commentGuideline,
    // newest first, as the list comes from the server
    onSuccess: (comment) =>
      queryClient.setQueryData(readerCommentsQueryOptions(id, language).queryKey, (list) => [comment, ...(list ?? [])]),
  });
};
