import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { ShareRequest } from '@/lib/api-types.gen';
import { sharedCollectionsQueryOptions } from './getSharedCollections';
import { spaceStatsQueryOptions } from './getSpaceStats';

/**
 * Offers a collection of the current space (the Space header) to the space `spaceId`.
 * 400 sharing.ownSpace, 409 sharing.alreadyShared, 404 for an unknown space or collection.
 */
export const createSharedCollection = (input: ShareRequest) => apiMutation('admin/spaceadmin/mutation/createSharedCollection', input);

export const useCreateSharedCollection = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSharedCollection,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedCollectionsQueryOptions(spaceId).queryKey }),
        queryClient.invalidateQueries({ queryKey: spaceStatsQueryOptions(spaceId).queryKey }),
      ]),
  });
};
