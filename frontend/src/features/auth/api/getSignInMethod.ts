import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Whether an address's domain signs in at a provider offered here (decided from the domain alone). */
export const getSignInMethod = (email: string) => apiQuery('common/query/signInMethod', { email });

/** Only the domain matters, so one answer serves every address of a domain. */
export const domainOf = (email: string): string | null => {
  const at = email.lastIndexOf('@');
  const domain = at > 0 ? email.slice(at + 1).trim().toLowerCase() : '';
  return domain.includes('.') && !domain.endsWith('.') ? domain : null;
};

export const signInMethodQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['signInMethod', domainOf(email)], queryFn: () => getSignInMethod(email), staleTime: 5 * 60_000 });

export const useSignInMethod = (email: string) => useQuery({ ...signInMethodQueryOptions(email), enabled: domainOf(email) !== null });
