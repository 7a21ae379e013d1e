import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { LoginRequest } from '@/lib/api-types.gen';
import { userDataQueryOptions } from './getUserData';

/** Adds a verified e-mail login to a user; answers the updated user data. */
export const addUserLogin = (input: LoginRequest) => apiMutation('admin/mutation/addUserLogin', input);

export const useAddUserLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUserLogin,
    onSuccess: (data) => queryClient.setQueryData(userDataQueryOptions(data.username).queryKey, data),
  });
};
