import { describe, expect, it } from 'vitest';
import { draftFrom, fieldFromServer, isIssuer, toInput, validateDraft } from './identityProviders';

describe('identity provider form', () => {
  it('accepts HTTPS issuers and plain HTTP only on this machine', () => {
    expect(isIssuer('https://login.kssg.ch/')).toBe(true);
    expect(isIssuer('https://login.microsoftonline.com/tenant/v2.0')).toBe(true);
    expect(isIssuer('http://localhost:9998/')).toBe(true);
    expect(isIssuer('http://127.0.0.1:9998')).toBe(true);
    expect(isIssuer('http://login.kssg.ch/')).toBe(false);
    expect(isIssuer('https://login.kssg.ch/?tenant=1')).toBe(false);
    expect(isIssuer('https://login.kssg.ch/#x')).toBe(false);
    expect(isIssuer('login.kssg.ch')).toBe(false);
  });

  it('requires label, issuer, client id and at least one lower-case domain', () => {
    expect(validateDraft(draftFrom(null))).toEqual({
      label: 'validation.required',
      issuer: 'validation.required',
      clientId: 'validation.required',
      emailDomains: 'validation.required',
    });
    const draft = { ...draftFrom(null), label: 'KSSG', issuer: 'http://kssg.ch/', clientId: 'vd', emailDomains: 'KSSG.ch' };
    expect(validateDraft(draft)).toEqual({ issuer: 'identityProvider.invalidIssuer', emailDomains: 'validation.domains' });
  });

  it('sends a new secret, keeps the stored one when empty, or clears it', () => {
    const provider = {
      id: 4,
      label: 'KSSG',
      issuer: 'https://login.kssg.ch/',
      clientId: 'vd',
      clientSecretSet: true,
      emailDomains: ['kssg.ch', 'spital.kssg.ch'],
      spaces: [1],
      enabled: true,
      logins: 0,
    };
    const draft = draftFrom(provider);
    expect(draft.clientSecret).toBe('');
    expect(draft.emailDomains).toBe('kssg.ch, spital.kssg.ch');
    expect(toInput(draft, 4)).toEqual({
      id: 4,
      label: 'KSSG',
      issuer: 'https://login.kssg.ch/',
      clientId: 'vd',
      clientSecret: '',
      clearClientSecret: false,
      emailDomains: ['kssg.ch', 'spital.kssg.ch'],
      spaces: [1],
      enabled: true,
    });
    expect(toInput({ ...draft, clientSecret: ' env:VADEMECUM_SECRET_KSSG ' }).clientSecret).toBe('env:VADEMECUM_SECRET_KSSG');
    expect(toInput({ ...draft, clientSecret: 'typed', clearClientSecret: true })).toMatchObject({ clientSecret: '', clearClientSecret: true });
  });

  it('maps server fields', () => {
    expect(fieldFromServer('provider.clientSecret')).toBe('clientSecret');
    expect(fieldFromServer('space.title')).toBeNull();
    expect(fieldFromServer(undefined)).toBeNull();
  });
});
