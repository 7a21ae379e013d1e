import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { SpaceInput } from '@/lib/api-types.gen';
import { LANDING_PAGE_QUERY_KEY } from '@/lib/endpoints/getLandingPage';

/**
 * A space admin edits their own space through updateSpace: the server keeps subdomain, landing-page
 * flags and position as the super admin set them. logo/icon: omitted = keep, "" = remove, data URL = replace.
 */
export const updateSpaceSettings = (space: SpaceInput) => apiMutation('admin/mutation/updateSpace', { space });

export const useUpdateSpaceSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSpaceSettings,
    // ['space'] covers the lookup by id on this page and the current space of the shell (by subdomain).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['space'] }),
        queryClient.invalidateQueries({ queryKey: LANDING_PAGE_QUERY_KEY }),
      ]),
  });
};
