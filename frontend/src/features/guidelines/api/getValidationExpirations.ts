import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { Expiration } from '@/lib/api-types.gen';

/** Validity ends of the published languages. */
export const getValidationExpirations = (guideline: number) => apiQuery<Expiration[]>('author', 'validationExpirations', { guideline });

export const validationExpirationsQueryOptions = (guideline: number) =>
  queryOptions({ queryKey: ['guidelines', guideline, 'expirations'], queryFn: () => getValidationExpirations(guideline) });

export const useValidationExpirations = (guideline: number) => useQuery(validationExpirationsQueryOptions(guideline));
