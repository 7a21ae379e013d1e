import { useMutation } from '@tanstack/react-query';
import type { SignupRequest } from '@/lib/api-types.gen';
import { authPost } from './authPost';

/** POST /auth/signup: an account with an address of the space's e-mail domains, verified by mail; 204 also for a known address. */
export const signup = (input: SignupRequest) => authPost('signup', input);

export const useSignup = () => useMutation({ mutationFn: signup });
