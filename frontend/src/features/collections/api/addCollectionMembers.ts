import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { CollectionsAddMembersRequest as AddCollectionMembersRequest } from '@/lib/api-types.gen';
import { membersUpdated } from './memberListUpdated';

/**
 * Space members by id, and people by address (who join the space; unknown addresses are
 * invited). 400 collection.notSpaceMember, validation.emailList, space.emailOutsideDomains;
 * 409 collection.alreadyMember.
 */
export const addCollectionMembers = (input: AddCollectionMembersRequest) => apiMutation('admin/collectionadmin/mutation/addCollectionMembers', input);

export const useAddCollectionMembers = (collection: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (members: number[]) => addCollectionMembers({ collection, members }),
    onSuccess: () => membersUpdated(queryClient, collection),
  });
};

/** Adds people by e-mail address, inviting those without an account. */
export const useInviteCollectionMembers = (collection: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emails: string[]) => addCollectionMembers({ collection, members: [], emails }),
    onSuccess: () => membersUpdated(queryClient, collection),
  });
};
