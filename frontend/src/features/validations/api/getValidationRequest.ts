import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/**
 * The latest request of a guideline language with what a validator needs around it; 404
 * validation.notFound for a caller who may not answer it, 403 validation.ownGuideline.
 */
export const getValidationRequest = (guideline: number, language: string) => apiQuery('validator/query/validationData', { guideline, language });

export const validationRequestQueryOptions = (guideline: number, language: string) =>
  queryOptions({ queryKey: ['validations', 'request', guideline, language], queryFn: () => getValidationRequest(guideline, language) });

export const useValidationRequest = (guideline: number, language: string, enabled = true) =>
  useQuery({ ...validationRequestQueryOptions(guideline, language), enabled });
