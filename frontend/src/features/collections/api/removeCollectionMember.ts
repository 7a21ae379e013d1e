import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { Member } from '@/lib/types';
import { membersUpdated } from './memberListUpdated';

/** 409 collection.lastAdmin. */
export const removeCollectionMember = (input: { collection: number; member: number }) => apiMutation<Member[]>('admin/collectionadmin', 'removeCollectionMember', input);

export const useRemoveCollectionMember = (collection: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: number) => removeCollectionMember({ collection, member }),
    onSuccess: () => membersUpdated(queryClient, collection),
  });
};
