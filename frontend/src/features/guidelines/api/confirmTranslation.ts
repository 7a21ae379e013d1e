import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { ConfirmTranslationRequest } from '@/lib/api-types.gen';
import { translationStatusQueryOptions } from './getTranslationStatus';

/** Records that a translation is current for the source's published version, text unchanged; 409 guideline.sourceLanguage, 404 guideline.noTranslation. */
export const confirmTranslation = (input: ConfirmTranslationRequest) => apiMutation('author/mutation/confirmTranslation', input);

export const useConfirmTranslation = (guideline: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: string) => confirmTranslation({ guideline, language }),
    onSuccess: (list) => queryClient.setQueryData(translationStatusQueryOptions(guideline).queryKey, list),
  });
};
