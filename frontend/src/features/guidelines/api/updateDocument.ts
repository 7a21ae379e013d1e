import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { DocumentUpdate } from '@/lib/api-types.gen';
import { documentsQueryOptions } from './getDocuments';

/** Renames or (un)archives a file of a guideline. */
export const updateDocument = (doc: DocumentUpdate) => apiMutation('author/mutation/updateDocument', { doc });

export const useUpdateDocument = (guidelineId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsQueryOptions(guidelineId).queryKey }),
  });
};
