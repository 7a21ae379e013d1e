import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Main validator, validity interval in months and the collection's validators to choose from. */
export const getValidationSettings = (guideline: number) => apiQuery('author/query/validationSettings', { guideline });

export const validationSettingsQueryOptions = (guideline: number) =>
  queryOptions({ queryKey: ['guidelines', guideline, 'settings'], queryFn: () => getValidationSettings(guideline) });

export const useValidationSettings = (guideline: number) => useQuery(validationSettingsQueryOptions(guideline));
