import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { profileQueryOptions } from '@/lib/endpoints/getProfile';
import type { ProfileUpdate } from '@/lib/api-types.gen';

export type UserUpdate = ProfileUpdate;

export const updateUser = (u: UserUpdate) => apiMutation('common/mutation/updateUser', { u });

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
};
