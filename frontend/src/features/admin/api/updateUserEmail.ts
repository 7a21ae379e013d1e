import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { LoginRequest } from '@/lib/api-types.gen';
import { userDataQueryOptions } from './getUserData';

/** Changes the address of the user's primary login; the username changes with it. */
export const updateUserEmail = (input: LoginRequest) => apiMutation('admin/mutation/updateUserEmail', input);

export const useUpdateUserEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserEmail,
    onSuccess: async (data) => {
      queryClient.setQueryData(userDataQueryOptions(data.username).queryKey, data);
      await queryClient.invalidateQueries({ queryKey: ['common', 'searchUser'] });
    },
  });
};
