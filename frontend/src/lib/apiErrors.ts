import type { TFunction } from 'i18next';
import { ApiError } from './api';

/**
 * Inline text for a failed mutation: 400/409 message keys are translated with their params; a 404
 * says what is gone when its key is known (comment.notFound …), else the general not-found text.
 */
export function apiErrorText(error: unknown, t: TFunction): string | null {
  if (!error) return null;
  const fallback = t('error.somethingWrong');
  if (error instanceof ApiError) {
    if (error.status === 403) return t('error.notAuthorized');
    if (error.status === 404) return t(error.message, { ...error.params, defaultValue: t('error.notFound') });
    return t(error.message, { ...error.params, defaultValue: fallback });
  }
  return fallback;
}
