import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { InvitationRequest } from '@/lib/api-types.gen';
import { spaceMembersKey } from './getSpaceMembers';
import { spaceStatsQueryOptions } from './getSpaceStats';

/** Sends a member who never signed in a new invitation (14 days); the earlier link stops working. 409 account.alreadyActive once they signed in. */
export const resendInvitation = (input: InvitationRequest) => apiMutation('admin/spaceadmin/mutation/resendInvitation', input);

export const useResendInvitation = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: number) => resendInvitation({ spaceId, user }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spaceMembersKey(spaceId) }),
  });
};

/** Withdraws the invitation of a member who never signed in, with the membership it brought. */
export const revokeInvitation = (input: InvitationRequest) => apiMutation('admin/spaceadmin/mutation/revokeInvitation', input);

export const useRevokeInvitation = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: number) => revokeInvitation({ spaceId, user }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: spaceMembersKey(spaceId) }),
        queryClient.invalidateQueries({ queryKey: spaceStatsQueryOptions(spaceId).queryKey }),
      ]),
  });
};
