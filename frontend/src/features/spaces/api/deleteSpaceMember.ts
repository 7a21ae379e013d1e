import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '../../../lib/api';
import { spaceMembersQueryOptions } from './getSpaceMembers';
import { spaceStatsQueryOptions } from './getSpaceStats';

/** 409 space.lastAdmin or space.memberHasPublishedGuidelines. */
export const deleteSpaceMember = (input: { spaceId: number; id: number }) => apiMutation<boolean>('admin/spaceadmin', 'deleteSpaceMember', input);

export const useDeleteSpaceMember = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteSpaceMember({ spaceId, id }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: spaceMembersQueryOptions(spaceId).queryKey }),
        queryClient.invalidateQueries({ queryKey: spaceStatsQueryOptions(spaceId).queryKey }),
      ]),
  });
};
