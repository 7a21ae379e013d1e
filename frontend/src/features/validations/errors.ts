import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';

/**
 * Text for a failed validator call: a request answered meanwhile (409), unknown or not the
 * caller's to answer (404, 403) reads 'this validation was already processed or you have no
 * access' (spec §8); one's own guideline, a second approval by the same validator and field
 * errors say so.
 */
export function validationErrorText(error: unknown, t: TFunction): string | null {
  if (!error) return null;
  if (error instanceof ApiError) {
    if (error.message === 'validation.ownGuideline' || error.message === 'validation.alreadyApproved') return t(error.message);
    if ([403, 404, 409].includes(error.status)) return t('validations.noAccess');
  }
  return apiErrorText(error, t);
}

/** Whether a failed load means the request cannot be answered here rather than a broken page. */
export const isNoAccess = (error: unknown): boolean => error instanceof ApiError && [403, 404, 409].includes(error.status);
