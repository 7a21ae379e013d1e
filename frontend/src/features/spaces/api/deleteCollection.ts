import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { invalidateCollectionData } from './invalidateCollections';

/** 409 collection.hasGuidelines while the collection holds guidelines. */
export const deleteCollection = (collectionId: number) => apiMutation('admin/mutation/deleteCollection', { collectionId });

export const useDeleteCollection = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCollection, onSuccess: () => invalidateCollectionData(queryClient, spaceId) });
};
