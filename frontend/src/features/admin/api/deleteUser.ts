import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { DeleteUserRequest } from '@/lib/api-types.gen';

/** Deletes another user's account (super admin); the last super admin is refused (409 user.lastSuperAdmin). */
export const deleteUser = (input: DeleteUserRequest) => apiMutation('common/mutation/deleteUser', input);

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['admin', 'userData'] });
      return queryClient.invalidateQueries({ queryKey: ['common', 'searchUser'] });
    },
  });
};
