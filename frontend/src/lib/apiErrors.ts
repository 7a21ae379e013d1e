import type { TFunction } from 'i18next';
import { ApiError } from './api';

/**
 * Inline text for a failed mutation: 400/409 message keys are translated with their params; a 403
 * or 404 says what was refused or is gone when its key is known (auth.wrongPassword,
 * comment.notFound …), else the general not-authorised or not-found text. A `reason` param picks
 * the variant of the message that names it (user.passwordWeak_common …), when there is one.
 */
export function apiErrorText(error: unknown, t: TFunction): string | null {
  if (!error) return null;
  const fallback = t('error.somethingWrong');
  if (error instanceof ApiError) {
    const context = typeof error.params.reason === 'string' ? error.params.reason : undefined;
    const options = { ...error.params, context };
    if (error.status === 403) return t(error.message, { ...options, defaultValue: t('error.notAuthorized') });
    if (error.status === 404) return t(error.message, { ...options, defaultValue: t('error.notFound') });
    return t(error.message, { ...options, defaultValue: fallback });
  }
  return fallback;
}
