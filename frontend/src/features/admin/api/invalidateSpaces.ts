import type { QueryClient } from '@tanstack/react-query';
import { landingPageQueryOptions } from '../../../lib/endpoints/getLandingPage';
import { spacesQueryOptions } from './getSpaces';

/** After any space change: the admin list, the landing page lists and cached space lookups are stale. */
export function invalidateSpaceData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: spacesQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: landingPageQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['space'] }),
  ]);
}
