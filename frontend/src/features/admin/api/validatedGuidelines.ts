import { useMutation } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Checks which of the given guideline ids exist in the current space before a copy. */
export const validatedGuidelines = (ids: number[]) => apiQuery('admin/maintenance/query/validatedGuidelines', { ids });

/** A check on demand (the "Check" button), not a cached query. */
export const useValidatedGuidelines = () => useMutation({ mutationFn: validatedGuidelines });
