import { useMutation } from '@tanstack/react-query';
import type { EmailRequest, ResetRequest as ResetPasswordRequest } from '@/lib/api-types.gen';
import { authPost } from './authPost';

/** POST /auth/password/forgot: a reset link (30 minutes) by mail; 204 whether or not the address has an account. */
export const forgotPassword = (input: EmailRequest) => authPost('password/forgot', input);

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });

/** POST /auth/password/reset: sets the password of a reset link and ends every session of the account. */
export const resetPassword = (input: ResetPasswordRequest) => authPost('password/reset', input);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
