import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { guidelineChanged } from './guidelineChanged';

/** Transfers the authorship to a member of the space; 400 guideline.notSpaceMember. */
export const setGuidelineAuthor = (input: { guideline: number; author: number }) => apiMutation('author/mutation/setGuidelineAuthor', input);

export const useSetGuidelineAuthor = (guideline: number) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (author: number) => setGuidelineAuthor({ guideline, author }), onSuccess: () => guidelineChanged(queryClient, guideline) });
};
