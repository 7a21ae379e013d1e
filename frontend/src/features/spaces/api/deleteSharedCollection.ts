import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { ShareRequest } from '@/lib/api-types.gen';
import { sharedCollectionsQueryOptions } from './getSharedCollections';
import { spaceStatsQueryOptions } from './getSpaceStats';

/** Withdraws the offer of a collection of the current space to the space `spaceId`; 404 when there is none. */
export const deleteSharedCollection = (input: ShareRequest) => apiMutation('admin/spaceadmin/mutation/deleteSharedCollection', input);

export const useDeleteSharedCollection = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSharedCollection,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedCollectionsQueryOptions(spaceId).queryKey }),
        queryClient.invalidateQueries({ queryKey: spaceStatsQueryOptions(spaceId).queryKey }),
      ]),
  });
};
