import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckRequest as TokenCheckRequest, TokenInfo } from '@/lib/api-types.gen';
import { authPost } from './authPost';

/** The purposes of one-time links (services/accounts). */
export type LinkPurpose = 'invitation' | 'verification' | 'passwordReset' | 'emailChange';

/** POST /auth/token/check: what a link is for while it can be used; otherwise the error its use would give. Uses nothing. */
export const checkToken = (input: TokenCheckRequest) => authPost<TokenInfo>('token/check', input);

export const tokenQueryOptions = (token: string, purpose: LinkPurpose) =>
  queryOptions({
    queryKey: ['auth', 'token', purpose, token],
    queryFn: () => checkToken({ token, purpose }),
    // an unusable link stays unusable: asking again changes nothing
    retry: false,
    staleTime: Infinity,
  });

export const useTokenCheck = (token: string, purpose: LinkPurpose) => useQuery({ ...tokenQueryOptions(token, purpose), enabled: token !== '' });
