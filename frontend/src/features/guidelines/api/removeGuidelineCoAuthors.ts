import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { guidelineChanged } from './guidelineChanged';

/** Returns the co-author ids afterwards. */
export const removeGuidelineCoAuthors = (input: { guideline: number; id: number[] }) => apiMutation('author/mutation/removeGuidelineCoAuthors', input);

export const useRemoveGuidelineCoAuthors = (guideline: number) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: number[]) => removeGuidelineCoAuthors({ guideline, id }), onSuccess: () => guidelineChanged(queryClient, guideline) });
};
