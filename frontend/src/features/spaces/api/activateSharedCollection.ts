import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { ActivateRequest as ActivateShareRequest } from '@/lib/api-types.gen';
import { sharedCollectionsQueryOptions } from './getSharedCollections';

/**
 * The receiving space (the Space header) turns an offered collection on or off. `spaceId` is the
 * offering space (SharedCollection.spaceId of an `available` entry), `collectionId` its collection.
 */
export const activateSharedCollection = (input: ActivateShareRequest) => apiMutation('admin/mutation/activateSharedCollection', input);

export const useActivateSharedCollection = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateSharedCollection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharedCollectionsQueryOptions(spaceId).queryKey }),
  });
};
