import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { LoginRequest } from '@/lib/api-types.gen';
import { userDataQueryOptions } from './getUserData';

/** Removes one login of a user; the last one is refused (409 user.lastLogin). */
export const deleteUserLogin = (input: LoginRequest) => apiMutation('admin/mutation/deleteUserLogin', input);

export const useDeleteUserLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserLogin,
    onSuccess: (_, input) => {
      // the address removed no longer names anyone: mark its page stale without refetching it into a 404
      // while it is still shown; the caller moves on to the user's remaining username
      const gone = userDataQueryOptions(input.email).queryKey;
      void queryClient.invalidateQueries({ queryKey: gone, refetchType: 'none' });
      // the primary login (and so the username) may have changed: every other cached user page is stale
      return queryClient.invalidateQueries({ queryKey: ['admin', 'userData'], predicate: (q) => q.queryKey[2] !== gone[2] });
    },
  });
};
