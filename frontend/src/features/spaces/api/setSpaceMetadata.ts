import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { SetSpaceMetadataRequest } from '@/lib/api-types.gen';
import { spaceMetadataQueryOptions } from './getSpaceMetadata';

/** Sets the metadata the space uses, in order; returns the new list. 404 for an unknown id. */
export const setSpaceMetadata = (input: SetSpaceMetadataRequest) => apiMutation('admin/mutation/setSpaceMetadata', input);

export const useSetSpaceMetadata = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (metadataIds: number[]) => setSpaceMetadata({ spaceId, metadataIds }),
    onSuccess: (saved) => queryClient.setQueryData(spaceMetadataQueryOptions(spaceId).queryKey, saved),
  });
};
