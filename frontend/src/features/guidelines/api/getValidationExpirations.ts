import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Validity ends of the published languages. */
export const getValidationExpirations = (guideline: number) => apiQuery('author/query/validationExpirations', { guideline });

export const validationExpirationsQueryOptions = (guideline: number) =>
  queryOptions({ queryKey: ['guidelines', guideline, 'expirations'], queryFn: () => getValidationExpirations(guideline) });

export const useValidationExpirations = (guideline: number) => useQuery(validationExpirationsQueryOptions(guideline));
