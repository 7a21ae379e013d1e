import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { LanguageChange } from '@/lib/api-types.gen';
import { guidelineChanged } from './guidelineChanged';

/** Brings an archived language back; a published one returns offline. 409 guideline.notArchived. */
export const restoreGuidelineLanguage = (input: LanguageChange) => apiMutation('author/mutation/restoreGuidelineLanguage', input);

export const useRestoreGuidelineLanguage = (guidelineId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: string) => restoreGuidelineLanguage({ guidelineId, language }),
    onSuccess: () => guidelineChanged(queryClient, guidelineId),
  });
};
