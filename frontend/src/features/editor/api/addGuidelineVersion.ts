import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { VersionInput } from '@/lib/api-types.gen';
import { myGuidelinesQueryOptions } from '@/lib/endpoints/getMyGuidelines';
import { navigationQueryOptions } from '@/lib/endpoints/getNavigation';

/**
 * Saves a new immutable version of one language and returns its number. 400 with
 * validation.* or guideline.unknownDetail / duplicateDetail / invalidReference, 409 guideline.archived.
 */
export const addGuidelineVersion = (glv: VersionInput) => apiMutation('author/mutation/addGuidelineVersion', { glv });

export const useAddGuidelineVersion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addGuidelineVersion,
    // everything about this guideline (versions, states, timeline) and the lists showing it
    onSuccess: (_version, glv) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['guidelines', glv.guidelineId] }),
        queryClient.invalidateQueries({ queryKey: myGuidelinesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: navigationQueryOptions().queryKey }),
      ]),
  });
};
