import { describe, expect, it } from 'vitest';
import { clearRedirectSpace, decideRedirect, readRedirectSpace, storeRedirectSpace } from './redirectPreference';

describe('decideRedirect', () => {
  it('redirects to a stored space', () => {
    expect(decideRedirect('', 'kssg')).toEqual({ kind: 'redirect', subdomain: 'kssg' });
  });
  it('ignores empty and www', () => {
    expect(decideRedirect('', '')).toEqual({ kind: 'none' });
    expect(decideRedirect('', 'www')).toEqual({ kind: 'none' });
  });
  it('clears on reset=true', () => {
    expect(decideRedirect('?reset=true', 'kssg')).toEqual({ kind: 'clear' });
    expect(decideRedirect('?reset=false', 'kssg')).toEqual({ kind: 'redirect', subdomain: 'kssg' });
  });
  it('stays to show that the e-mail is not verified', () => {
    expect(decideRedirect('?emailNotVerified', 'kssg')).toEqual({ kind: 'none' });
  });
});

describe('storage', () => {
  it('round-trips the preference', () => {
    storeRedirectSpace('insel');
    expect(readRedirectSpace()).toBe('insel');
    expect(document.cookie).toContain('vademecum_space=insel');
    clearRedirectSpace();
    expect(readRedirectSpace()).toBe('');
  });
});
