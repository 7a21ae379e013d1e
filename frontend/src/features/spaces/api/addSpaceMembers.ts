import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { spaceMembersKey } from './getSpaceMembers';
import { spaceStatsQueryOptions } from './getSpaceStats';
import type { AddedMember } from '@/lib/types';

export interface AddSpaceMembersInput {
  spaceId: number;
  users: string[];
}

/** Adds existing users and invites unknown e-mail addresses; 400 validation.emailList carries params.invalid. */
export const addSpaceMembers = (input: AddSpaceMembersInput) => apiMutation('admin/spaceadmin/mutation/addSpaceMembers', input) as Promise<AddedMember[]>;

export const useAddSpaceMembers = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (users: string[]) => addSpaceMembers({ spaceId, users }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: spaceMembersKey(spaceId) }),
        queryClient.invalidateQueries({ queryKey: spaceStatsQueryOptions(spaceId).queryKey }),
      ]),
  });
};
