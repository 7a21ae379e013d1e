import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { ValidationUpdateRequest as UpdateValidationRequest } from '@/lib/api-types.gen';
import { guidelineChanged } from './guidelineChanged';

/** Adds changes to the open request: moves it to the latest version with new words; 409 validation.alreadyProcessed, validation.notLatest. */
export const updateValidation = (input: UpdateValidationRequest) => apiMutation('author/mutation/updateValidation', input);

export const useUpdateValidation = (guidelineId: number) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateValidation, onSuccess: () => guidelineChanged(queryClient, guidelineId) });
};
