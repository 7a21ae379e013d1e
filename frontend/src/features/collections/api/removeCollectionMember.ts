import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { membersUpdated } from './memberListUpdated';

/** 409 collection.lastAdmin. */
export const removeCollectionMember = (input: { collection: number; member: number }) => apiMutation('admin/collectionadmin/mutation/removeCollectionMember', input);

export const useRemoveCollectionMember = (collection: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: number) => removeCollectionMember({ collection, member }),
    onSuccess: () => membersUpdated(queryClient, collection),
  });
};
