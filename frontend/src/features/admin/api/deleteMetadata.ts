import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { DeleteMetadataRequest } from '@/lib/api-types.gen';
import { allMetadataQueryOptions } from './getAllMetadata';

/** Deletes a metadata definition no space uses (409 metadata.inUse with params.n). */
export const deleteMetadata = (input: DeleteMetadataRequest) => apiMutation('admin/mutation/deleteMetadata', input);

export const useDeleteMetadata = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMetadata, onSuccess: () => queryClient.invalidateQueries({ queryKey: allMetadataQueryOptions().queryKey }) });
};
