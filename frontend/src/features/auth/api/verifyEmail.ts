import { useMutation } from '@tanstack/react-query';
import type { Landing as AccountLanding, EmailRequest, TokenRequest } from '@/lib/api-types.gen';
import { authPost } from './authPost';

/** POST /auth/verify: marks the address of a verification link verified (no sign-in). */
export const verifyEmail = (input: TokenRequest) => authPost<AccountLanding>('verify', input);

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });

/** POST /auth/verify/resend: a new link for an unverified address; 204 whether or not the address has an account. */
export const resendVerification = (input: EmailRequest) => authPost('verify/resend', input);

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
