import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { navigationQueryOptions } from '@/lib/endpoints/getNavigation';
import { spaceMembersKey } from './getSpaceMembers';

/** Returns the first page of the new member list, so every loaded page and search is refetched instead; 409 space.lastAdmin. */
export const setSpaceAdmin = (input: { spaceId: number; id: number; admin: boolean }) => apiMutation('admin/spaceadmin/mutation/setSpaceAdmin', input);

export const useSetSpaceAdmin = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, admin }: { id: number; admin: boolean }) => setSpaceAdmin({ spaceId, id, admin }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: spaceMembersKey(spaceId) }),
        queryClient.invalidateQueries({ queryKey: navigationQueryOptions().queryKey }),
      ]),
  });
};
