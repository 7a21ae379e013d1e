import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { OnlineChange } from '@/lib/api-types.gen';
import { guidelineChanged } from './guidelineChanged';

/** Takes a published language online or offline; 409 guideline.notPublished, guideline.archived. */
export const setGuidelineLanguageOnlineStatus = (input: OnlineChange) => apiMutation('author/mutation/setGuidelineLanguageOnlineStatus', input);

export const useSetGuidelineLanguageOnlineStatus = (guidelineId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ language, online }: { language: string; online: boolean }) => setGuidelineLanguageOnlineStatus({ guidelineId, language, online }),
    onSuccess: () => guidelineChanged(queryClient, guidelineId),
  });
};
