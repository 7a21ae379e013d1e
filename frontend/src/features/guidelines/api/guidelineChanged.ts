import type { QueryClient } from '@tanstack/react-query';
import { myGuidelinesQueryOptions } from '@/lib/endpoints/getMyGuidelines';
import { navigationQueryOptions } from '@/lib/endpoints/getNavigation';

/** Query key prefix of everything loaded about one guideline. */
export const guidelineKey = (id: number) => ['guidelines', id] as const;

/**
 * After a change to a guideline its states, history and actions are read anew, and so are
 * the lists and counters that show them (My Guidelines, the menu's task badges, My Validations).
 */
export function guidelineChanged(queryClient: QueryClient, id: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: guidelineKey(id) }),
    queryClient.invalidateQueries({ queryKey: myGuidelinesQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: navigationQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['validations'] }),
  ]);
}
