import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { GuidelinesCreateRequest as CreateGuidelineRequest } from '@/lib/api-types.gen';
import { myGuidelinesQueryOptions } from '@/lib/endpoints/getMyGuidelines';

/** Creates an empty guideline authored by the caller and returns its id; 400 guideline.invalidValidator. */
export const createGuideline = (input: CreateGuidelineRequest) => apiMutation('author/mutation/createGuideline', input);

export const useCreateGuideline = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGuideline,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myGuidelinesQueryOptions().queryKey }),
  });
};
