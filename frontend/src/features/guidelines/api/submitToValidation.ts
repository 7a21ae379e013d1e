import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { SubmitRequest } from '@/lib/api-types.gen';
import { guidelineChanged } from './guidelineChanged';

/** Asks the validators to accept the latest version; 409 validation.alreadySubmitted, validation.notLatest, validation.noChange, guideline.archived. */
export const submitToValidation = (input: SubmitRequest) => apiMutation('author/mutation/submitToValidation', input);

export const useSubmitToValidation = (guidelineId: number) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: submitToValidation, onSuccess: () => guidelineChanged(queryClient, guidelineId) });
};
