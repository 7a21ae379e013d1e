import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '../../../lib/api';
import type { Member } from '../../../lib/types';
import { membersUpdated } from './memberListUpdated';

/** 400 collection.notSpaceMember, 409 collection.alreadyMember. */
export const addCollectionMembers = (input: { collection: number; members: number[] }) => apiMutation<Member[]>('admin/collectionadmin', 'addCollectionMembers', input);

export const useAddCollectionMembers = (collection: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (members: number[]) => addCollectionMembers({ collection, members }),
    onSuccess: () => membersUpdated(queryClient, collection),
  });
};
