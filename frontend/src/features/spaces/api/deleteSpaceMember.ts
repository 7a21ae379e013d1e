import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { spaceMembersKey } from './getSpaceMembers';
import { spaceStatsQueryOptions } from './getSpaceStats';

/** 409 space.lastAdmin or space.memberHasPublishedGuidelines. */
export const deleteSpaceMember = (input: { spaceId: number; id: number }) => apiMutation('admin/spaceadmin/mutation/deleteSpaceMember', input);

export const useDeleteSpaceMember = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteSpaceMember({ spaceId, id }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: spaceMembersKey(spaceId) }),
        queryClient.invalidateQueries({ queryKey: spaceStatsQueryOptions(spaceId).queryKey }),
        // The member's roles in the space's collections go too; those lists live in another feature's cache.
        queryClient.invalidateQueries({ queryKey: ['collections'] }),
      ]),
  });
};
