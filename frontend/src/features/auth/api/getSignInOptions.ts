import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** The identity providers this space's sign-in page offers (the landing site offers all). */
export const getSignInOptions = () => apiQuery('common/query/signInOptions');

export const signInOptionsQueryOptions = () => queryOptions({ queryKey: ['signInOptions'], queryFn: getSignInOptions, staleTime: 5 * 60_000 });

export const useSignInOptions = () => useQuery(signInOptionsQueryOptions());

/** Where a sign-in at a provider starts; the server sends the browser on to the provider. */
export function singleSignOnUrl(providerId: number, returnTo: string, loginHint?: string): string {
  const q = new URLSearchParams({ r: returnTo });
  if (loginHint) q.set('login_hint', loginHint);
  return `/auth/oidc/${providerId}/start?${q.toString()}`;
}
