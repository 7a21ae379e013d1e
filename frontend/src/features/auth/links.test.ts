import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { i18n } from '@/lib/i18n';
import { accountErrorText, errorField, linkProblem, linkToken } from './links';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('linkToken', () => {
  it('reads the secret from the fragment', () => {
    expect(linkToken('#token=abc-DEF_123')).toBe('abc-DEF_123');
    expect(linkToken('token=abc')).toBe('abc');
    expect(linkToken('')).toBe('');
    expect(linkToken('#other=1')).toBe('');
  });
});

describe('linkProblem', () => {
  it('names why a link cannot be used', () => {
    expect(linkProblem(new ApiError('account.tokenUsed', 409))).toBe('used');
    expect(linkProblem(new ApiError('account.tokenExpired', 400))).toBe('expired');
    expect(linkProblem(new ApiError('account.tokenReplaced', 400))).toBe('replaced');
    expect(linkProblem(new ApiError('account.tokenRevoked', 400))).toBe('revoked');
    expect(linkProblem(new ApiError('account.tokenUnknown', 400))).toBe('unknown');
    expect(linkProblem(new ApiError('account.alreadyActive', 409))).toBe('alreadyActive');
  });
  it('leaves other errors to the form', () => {
    expect(linkProblem(new ApiError('user.passwordWeak', 400))).toBeNull();
    expect(linkProblem(new Error('offline'))).toBeNull();
  });
});

describe('accountErrorText', () => {
  const t = i18n.t.bind(i18n);
  it('explains a weak password by its reason', () => {
    expect(accountErrorText(new ApiError('user.passwordWeak', 400, { field: 'password', reason: 'personal' }), t)).toBe(
      'The password contains your name or e-mail address.',
    );
    expect(accountErrorText(new ApiError('user.passwordWeak', 400, { field: 'password', reason: 'whatever' }), t)).toBe(
      i18n.t('auth.passwordWeak.short'),
    );
  });
  it('fills in the params of other messages', () => {
    expect(accountErrorText(new ApiError('user.passwordTooShort', 400, { field: 'password', min: 12 }), t)).toBe('The password needs at least 12 characters.');
    expect(accountErrorText(new ApiError('account.signupDomain', 400, { field: 'email', domains: ['kssg.ch', 'h-och.ch'] }), t)).toBe(
      'Only addresses of kssg.ch, h-och.ch can sign up here.',
    );
    expect(accountErrorText(new ApiError('auth.tooManyAttempts', 429, { retryAfter: 61 }), t)).toContain('61');
  });
  it('finds the field an error is about', () => {
    expect(errorField(new ApiError('validation.required', 400, { field: 'firstname' }), ['firstname', 'password'])).toBe('firstname');
    expect(errorField(new ApiError('validation.required', 400, { field: 'title' }), ['firstname'])).toBeNull();
  });
});
