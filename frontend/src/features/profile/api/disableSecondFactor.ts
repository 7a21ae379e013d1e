import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { PasswordRequest } from '@/lib/api-types.gen';
import { secondFactorChanged } from './secondFactorChanged';

/** Turns the caller's second factor off; the password confirms it (auth.wrongPassword). */
export const disableSecondFactor = (input: PasswordRequest) => apiMutation('common/mutation/disableSecondFactor', input);

export const useDisableSecondFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableSecondFactor, onSuccess: () => secondFactorChanged(queryClient) });
};
