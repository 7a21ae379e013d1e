import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { profileQueryOptions } from '@/lib/endpoints/getProfile';
import type { ProfileUpdate } from '@/lib/api-types.gen';
import type { Profile } from '@/lib/types';

export type UserUpdate = ProfileUpdate;

export const updateUser = (u: UserUpdate) => apiMutation<Profile>('common', 'updateUser', { u });

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
};
