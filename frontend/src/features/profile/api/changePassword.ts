import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { ChangePasswordRequest } from '@/lib/api-types.gen';
import { sessionsQueryOptions } from './getSessions';

/**
 * Sets a new password after checking the current one; the server ends every other session.
 * Refusals: auth.wrongPassword, user.passwordTooShort {min}, user.passwordTooLong {max},
 * user.passwordWeak {reason}, auth.tooManyAttempts {retryAfter}.
 */
export const changePassword = (input: ChangePasswordRequest) => apiMutation('common/mutation/changePassword', input);

export const useChangePassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
};
