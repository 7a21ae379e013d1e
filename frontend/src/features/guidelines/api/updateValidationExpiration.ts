import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { guidelineChanged } from './guidelineChanged';
import { validationExpirationsQueryOptions } from './getValidationExpirations';

/** Moves the validity end of every published language; 400 validation.dateNotInFuture, 409 guideline.notPublished. */
export const updateValidationExpiration = (input: { guideline: number; time: string }) => apiMutation('author/mutation/updateValidationExpiration', input);

export const useUpdateValidationExpiration = (guideline: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (time: string) => updateValidationExpiration({ guideline, time }),
    onSuccess: (saved) => {
      queryClient.setQueryData(validationExpirationsQueryOptions(guideline).queryKey, saved);
      return guidelineChanged(queryClient, guideline);
    },
  });
};
