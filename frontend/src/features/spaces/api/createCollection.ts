import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { Visibility } from '@/lib/types';
import { invalidateCollectionData } from './invalidateCollections';
import type { Collection } from '@/lib/types';

export interface CollectionInput {
  title: string;
  visibility: Visibility;
  /** empty: the caller becomes admin */
  admins: number[];
}

export const createCollection = (input: { spaceId: number; collection: CollectionInput }) => apiMutation('admin/mutation/createCollection', input) as Promise<Collection>;

export const useCreateCollection = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collection: CollectionInput) => createCollection({ spaceId, collection }),
    onSuccess: () => invalidateCollectionData(queryClient, spaceId),
  });
};
