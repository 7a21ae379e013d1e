import type { QueryClient } from '@tanstack/react-query';
import type { Validation } from '@/lib/api-types.gen';
import { myGuidelinesQueryOptions } from '@/lib/endpoints/getMyGuidelines';
import { myValidationsQueryOptions } from '@/lib/endpoints/getMyValidations';
import { navigationQueryOptions } from '@/lib/endpoints/getNavigation';
import { validationRequestQueryOptions } from './getValidationRequest';

/** After an answer the request page, the open list, the menu counters and the guideline's own data are read anew. */
export function validationAnswered(queryClient: QueryClient, v: Pick<Validation, 'guidelineId' | 'language'>): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: validationRequestQueryOptions(v.guidelineId, v.language).queryKey }),
    queryClient.invalidateQueries({ queryKey: myValidationsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: navigationQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: myGuidelinesQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['guidelines', v.guidelineId] }),
  ]);
}
