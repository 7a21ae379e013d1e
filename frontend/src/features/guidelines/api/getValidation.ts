import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** One validation request, for its validators and the guideline's authors (to prefill "add changes to the open request"). */
export const getValidation = (revision: number) => apiQuery('validator/query/validation', { revision });

export const validationQueryOptions = (guidelineId: number, revision: number) =>
  queryOptions({ queryKey: ['guidelines', guidelineId, 'request', revision], queryFn: () => getValidation(revision) });

export const useValidation = (guidelineId: number, revision: number | null | undefined) =>
  useQuery({ ...validationQueryOptions(guidelineId, revision ?? 0), enabled: !!revision });
