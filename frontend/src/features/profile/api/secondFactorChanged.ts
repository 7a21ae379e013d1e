import type { QueryClient } from '@tanstack/react-query';
import { navigationQueryOptions } from '@/lib/endpoints/getNavigation';
import { profileQueryOptions } from '@/lib/endpoints/getProfile';
import { secondFactorQueryOptions } from './getSecondFactor';

/** Turning the second factor on or off can grant or take administrator rights in this session. */
export const secondFactorChanged = (queryClient: QueryClient) =>
  Promise.all(
    [secondFactorQueryOptions().queryKey, profileQueryOptions().queryKey, navigationQueryOptions().queryKey].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
