import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { FixRequest } from '@/lib/api-types.gen';
import { guidelineChanged } from './guidelineChanged';

/** Asks the validators to confirm the published version unchanged for another period; 409 validation.alreadySubmitted. */
export const renewValidation = (input: FixRequest) => apiMutation('author/mutation/renewValidation', input);

export const useRenewValidation = (guidelineId: number) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renewValidation, onSuccess: () => guidelineChanged(queryClient, guidelineId) });
};
