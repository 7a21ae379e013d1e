import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { MetadataChoice } from '@/lib/api-types.gen';
import { guidelineMetadataQueryOptions } from './getGuidelineMetadata';

/** Replaces all metadata choices of a guideline; 400 guideline.invalidMetadata. */
export const setGuidelineMetadata = (guidelineId: number, metadata: MetadataChoice[]) =>
  apiMutation('admin/mutation/setMetadata', { guidelineId, metadata });

export const useSetGuidelineMetadata = (guidelineId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (metadata: MetadataChoice[]) => setGuidelineMetadata(guidelineId, metadata),
    onSuccess: (saved) => queryClient.setQueryData(guidelineMetadataQueryOptions(guidelineId).queryKey, saved),
  });
};
