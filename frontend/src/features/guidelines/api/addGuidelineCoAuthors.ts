import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { guidelineChanged } from './guidelineChanged';

/** Returns the co-author ids afterwards; 400 guideline.isAuthor, guideline.notSpaceMember. */
export const addGuidelineCoAuthors = (input: { guideline: number; id: number[] }) => apiMutation('author/mutation/addGuidelineCoAuthors', input);

export const useAddGuidelineCoAuthors = (guideline: number) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: number[]) => addGuidelineCoAuthors({ guideline, id }), onSuccess: () => guidelineChanged(queryClient, guideline) });
};
