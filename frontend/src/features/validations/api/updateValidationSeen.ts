import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { SeenRevision, Validation } from '@/lib/api-types.gen';
import { myValidationsQueryOptions } from '@/lib/endpoints/getMyValidations';

/** Marks requests read or unread for the caller; a request changed since it was listed stays as it is. Returns how many changed. */
export const updateValidationSeen = (input: { revisions: SeenRevision[]; read: boolean }) => apiMutation('common/mutation/updateValidationSeen', input);

/** A request as the lists name it when marking it. */
export const seenRevision = (v: Pick<Validation, 'revision' | 'guidelineVersion' | 'guidelineId'>): SeenRevision => ({
  revision: v.revision,
  version: v.guidelineVersion,
  guidelineId: v.guidelineId,
});

export const useUpdateValidationSeen = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateValidationSeen,
    // the list shows the new state at once; the server's answer is read afterwards
    onMutate: ({ revisions, read }) => {
      const ids = new Set(revisions.map((r) => r.revision));
      queryClient.setQueryData(myValidationsQueryOptions().queryKey, (list) => list?.map((v) => (ids.has(v.revision) ? { ...v, read } : v)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myValidationsQueryOptions().queryKey }),
  });
};
