import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Landing as AccountLanding, TokenRequest } from '@/lib/api-types.gen';
import { profileQueryOptions } from '@/lib/endpoints/getProfile';
import { authPost } from './authPost';

/** POST /auth/email/confirm: switches the account to the address of an e-mail change link. */
export const confirmEmail = (input: TokenRequest) => authPost<AccountLanding>('email/confirm', input);

export const useConfirmEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmEmail, onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }) });
};
