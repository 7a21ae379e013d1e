import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { SaveDocRequest } from '@/lib/api-types.gen';
import { docForEditingQueryOptions } from './getDocForEditing';

/** Writes a public document in one language; the server sanitises its HTML. */
export const saveDoc = (req: SaveDocRequest) => apiMutation('admin/mutation/saveDoc', req);

export const useSaveDoc = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDoc,
    onSuccess: (doc) => queryClient.setQueryData(docForEditingQueryOptions(doc.token, doc.language).queryKey, doc),
  });
};
