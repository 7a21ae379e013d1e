import { useMutation } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { ValidatedGuidelines } from '@/lib/api-types.gen';

/** Checks which of the given guideline ids exist in the current space before a copy. */
export const validatedGuidelines = (ids: number[]) => apiQuery<ValidatedGuidelines>('admin/maintenance', 'validatedGuidelines', { ids });

/** A check on demand (the "Check" button), not a cached query. */
export const useValidatedGuidelines = () => useMutation({ mutationFn: validatedGuidelines });
