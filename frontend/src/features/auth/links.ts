/** Pure helpers of the pages that one-time links open. */
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';

/**
 * The secret of a link, from its fragment (`#token=…`): fragments never reach the server's
 * logs or other sites' Referer, and opening the page uses nothing.
 */
export function linkToken(hash: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get('token')?.trim() ?? '';
}

/** Why a link cannot be used, as its page explains it. */
export type LinkProblem = 'used' | 'expired' | 'replaced' | 'revoked' | 'unknown' | 'alreadyActive';

const problems: Record<string, LinkProblem> = {
  'account.tokenUsed': 'used',
  'account.tokenExpired': 'expired',
  'account.tokenReplaced': 'replaced',
  'account.tokenRevoked': 'revoked',
  'account.tokenUnknown': 'unknown',
  'account.alreadyActive': 'alreadyActive',
};

/** The problem an error of a link's check or use names; null for other errors (a weak password, the network). */
export function linkProblem(error: unknown): LinkProblem | null {
  if (!(error instanceof ApiError)) return null;
  return problems[error.message] ?? null;
}

/** Form fields the server names in `params.field`. */
export type FormField = 'email' | 'firstname' | 'lastname' | 'password';

/** The field a server error is about, if it names one of the form's fields. */
export function errorField(error: unknown, fields: readonly FormField[]): FormField | null {
  if (!(error instanceof ApiError)) return null;
  const field = error.params.field;
  return fields.find((f) => f === field) ?? null;
}

/**
 * Text of a server error for a form: the password rules with their reason (too short, a
 * name, a common word, a keyboard pattern …), and the other keys with their params.
 */
export function accountErrorText(error: unknown, t: TFunction): string | null {
  if (error instanceof ApiError) {
    if (error.message === 'user.passwordWeak') {
      const reason = typeof error.params.reason === 'string' ? error.params.reason : 'short';
      return t(`auth.passwordWeak.${reason}`, { defaultValue: t('auth.passwordWeak.short') });
    }
    if (error.status === 429) return t('auth.tooManyAttempts', { retryAfter: Number(error.params.retryAfter ?? 60) });
    if (error.message === 'account.signupDomain') {
      const domains = Array.isArray(error.params.domains) ? error.params.domains.map(String) : [];
      return t('account.signupDomain', { domains: domains.join(', ') });
    }
  }
  return apiErrorText(error, t);
}
