import type { QueryClient } from '@tanstack/react-query';
import { LANDING_PAGE_QUERY_KEY } from '@/lib/endpoints/getLandingPage';
import { CONSOLE_QUERY_KEY } from './keys';

/** After any space change: the console's lists, the landing page lists and cached space lookups are stale. */
export function invalidateSpaceData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: CONSOLE_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: LANDING_PAGE_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['space'] }),
  ]);
}
