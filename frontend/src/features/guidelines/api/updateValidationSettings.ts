import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { SettingsRequest as ValidationSettingsRequest } from '@/lib/api-types.gen';
import { guidelineChanged } from './guidelineChanged';
import { validationSettingsQueryOptions } from './getValidationSettings';

/** 400 validation.invalidInterval (1..120), guideline.invalidValidator. */
export const updateValidationSettings = (input: ValidationSettingsRequest) => apiMutation('author/mutation/updateValidationSettings', input);

export const useUpdateValidationSettings = (guideline: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateValidationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(validationSettingsQueryOptions(guideline).queryKey, saved);
      return guidelineChanged(queryClient, guideline);
    },
  });
};
