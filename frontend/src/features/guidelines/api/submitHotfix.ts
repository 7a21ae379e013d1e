import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { FixRequest } from '@/lib/api-types.gen';
import { guidelineChanged } from './guidelineChanged';

/** Publishes the latest version without validation; 409 validation.hotfixBlocked {reason}, validation.notPublished, validation.noChange. */
export const submitHotfix = (input: FixRequest) => apiMutation('author/mutation/submitHotfix', input);

export const useSubmitHotfix = (guidelineId: number) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: submitHotfix, onSuccess: () => guidelineChanged(queryClient, guidelineId) });
};
