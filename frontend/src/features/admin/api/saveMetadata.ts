import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { SaveMetadataRequest } from '@/lib/api-types.gen';
import { allMetadataQueryOptions } from './getAllMetadata';

/** Creates (no id) or changes a metadata definition; options with an id are kept, others added, missing ones removed. */
export const saveMetadata = (input: SaveMetadataRequest) => apiMutation('admin/mutation/saveMetadata', input);

export const useSaveMetadata = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveMetadata, onSuccess: () => queryClient.invalidateQueries({ queryKey: allMetadataQueryOptions().queryKey }) });
};
