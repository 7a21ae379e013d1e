import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { Visibility } from '@/lib/types';
import { collectionQueryOptions } from './getCollection';
import { myCollectionsQueryOptions } from './getMyCollections';
import type { Collection } from '@/lib/types';

export interface CollectionUpdate {
  title: string;
  visibility: Visibility;
  minApprovals?: number;
  escalateAfterDays?: number | null;
  authorMayValidate?: boolean;
  translationGraceDays?: number;
}

export const updateCollection = (input: { collectionId: number; collection: CollectionUpdate }) => apiMutation('admin/mutation/updateCollection', input) as Promise<Collection>;

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
