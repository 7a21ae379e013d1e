import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { guidelineChanged } from './guidelineChanged';

/** Archives a language: readers no longer see it, nobody changes it, an open request is withdrawn. */
export const archiveGuidelineLanguage = (input: { guidelineId: number; language: string }) =>
  apiMutation('author/mutation/archiveGuidelineLanguage', input);

export const useArchiveGuidelineLanguage = (guidelineId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: string) => archiveGuidelineLanguage({ guidelineId, language }),
    onSuccess: () => guidelineChanged(queryClient, guidelineId),
  });
};
