import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { documentsQueryOptions } from './getDocuments';

/** Removes a file from a guideline. */
export const deleteDocument = (docId: number) => apiMutation('author/mutation/deleteDocument', { docId });

export const useDeleteDocument = (guidelineId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsQueryOptions(guidelineId).queryKey }),
  });
};
