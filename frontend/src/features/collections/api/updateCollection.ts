import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { Collection, Visibility } from '@/lib/types';
import { collectionQueryOptions } from './getCollection';
import { myCollectionsQueryOptions } from './getMyCollections';

export interface CollectionUpdate {
  title: string;
  visibility: Visibility;
  minApprovals?: number;
  escalateAfterDays?: number | null;
  authorMayValidate?: boolean;
  translationGraceDays?: number;
}

export const updateCollection = (input: { collectionId: number; collection: CollectionUpdate }) => apiMutation<Collection>('admin', 'updateCollection', input);

export const useUpdateCollection = (collectionId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collection: CollectionUpdate) => updateCollection({ collectionId, collection }),
    onSuccess: (saved) => {
      queryClient.setQueryData(collectionQueryOptions(collectionId).queryKey, saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: myCollectionsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['spaces', saved.spaceId] }),
      ]);
    },
  });
};
