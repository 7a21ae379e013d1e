import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { ValidationSettings } from '@/lib/api-types.gen';

/** Main validator, validity interval in months and the collection's validators to choose from. */
export const getValidationSettings = (guideline: number) => apiQuery<ValidationSettings>('author', 'validationSettings', { guideline });

export const validationSettingsQueryOptions = (guideline: number) =>
  queryOptions({ queryKey: ['guidelines', guideline, 'settings'], queryFn: () => getValidationSettings(guideline) });

export const useValidationSettings = (guideline: number) => useQuery(validationSettingsQueryOptions(guideline));
