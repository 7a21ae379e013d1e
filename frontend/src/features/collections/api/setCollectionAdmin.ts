import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { membersUpdated } from './memberListUpdated';

/** 409 collection.lastAdmin. */
export const setCollectionAdmin = (input: { collection: number; member: number; admin: boolean }) => apiMutation('admin/collectionadmin/mutation/setCollectionAdmin', input);

export const useSetCollectionAdmin = (collection: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, admin }: { member: number; admin: boolean }) => setCollectionAdmin({ collection, member, admin }),
    onSuccess: () => membersUpdated(queryClient, collection),
  });
};
