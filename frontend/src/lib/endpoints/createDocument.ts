import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '../api';
import type { Document, DocumentInput } from '../api-types.gen';

/** A file registered with a guideline (its media library). */
export type GuidelineDocument = Document;
export type CreateDocumentInput = DocumentInput;

/** Registers an uploaded file with a guideline; 400 media.unknownFile, 403 for non-authors. */
export const createDocument = (doc: CreateDocumentInput) => apiMutation('author/mutation/createDocument', { doc });

export const useCreateDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDocument,
    onSuccess: (_doc, input) => queryClient.invalidateQueries({ queryKey: ['guidelines', input.guidelineId, 'documents'] }),
  });
};
