import { describe, expect, it } from 'vitest';
import { readCookie, resolveLanguage } from './language';

describe('resolveLanguage', () => {
  it('prefers the profile language', () => {
    expect(resolveLanguage('fr', 'it', 'en-US')).toBe('fr');
  });
  it('falls back to the cookie, then the browser, then de', () => {
    expect(resolveLanguage('', 'it', 'en-US')).toBe('it');
    expect(resolveLanguage('', '', 'en-US')).toBe('en');
    expect(resolveLanguage(undefined, 'xx', 'es-ES')).toBe('de');
  });
});

describe('readCookie', () => {
  it('finds a cookie by name', () => {
    expect(readCookie('lang', 'a=1; lang=fr; b=2')).toBe('fr');
    expect(readCookie('lang', 'a=1')).toBe('');
  });
});
