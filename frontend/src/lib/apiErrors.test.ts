import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { apiErrorText } from './apiErrors';
import { i18n } from './i18n';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('apiErrorText', () => {
  const t = i18n.t.bind(i18n);

  it('says what a 403 refused when its key is known, else that it is not allowed', () => {
    expect(apiErrorText(new ApiError('auth.wrongPassword', 403, { field: 'current' }), t)).toBe('The password is wrong.');
    expect(apiErrorText(new ApiError('forbidden', 403), t)).toMatch(/^You are not authorised/);
  });

  it('picks the variant a reason names, and the general sentence for an unknown reason', () => {
    expect(apiErrorText(new ApiError('user.passwordWeak', 400, { reason: 'sequence' }), t)).toBe(
      'The password is mostly a sequence such as “1234” or “abcd”, so it is easy to guess.',
    );
    expect(apiErrorText(new ApiError('user.passwordWeak', 400, { reason: 'something new' }), t)).toBe(
      'This password is easy to guess. Try a sentence of several words, for example.',
    );
    expect(apiErrorText(new ApiError('user.passwordTooShort', 400, { min: 12 }), t)).toBe('The password needs at least 12 characters.');
  });

  it('translates 404 keys and falls back to not found', () => {
    expect(apiErrorText(new ApiError('auth.sessionNotFound', 404), t)).toBe('This session has already ended.');
    expect(apiErrorText(new ApiError('not found', 404), t)).toBe('Page not found. Please check the URL for typos.');
  });
});
