import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './login';

describe('safeReturnPath', () => {
  it('accepts local paths', () => {
    expect(safeReturnPath('/profile?x=1')).toBe('/profile?x=1');
  });
  it('rejects foreign and empty targets', () => {
    expect(safeReturnPath('//evil.example')).toBe('/');
    expect(safeReturnPath('https://evil.example')).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
    expect(safeReturnPath('')).toBe('/');
  });
  it.each([
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/a\\..\\..\\evil.example',
    '/\u0000/evil.example',
    '/\u007f/evil.example',
    '/\u0085/evil.example',
    '/ /evil.example',
    '/\u00a0/evil.example',
    '/\u3000/evil.example',
    ' //evil.example',
    'javascript:alert(1)',
  ])('refuses %j, which a browser could resolve to another site', (r) => {
    expect(safeReturnPath(r)).toBe('/');
  });
  it('keeps encoded characters, which stay in the path', () => {
    expect(safeReturnPath('/%09/evil.example')).toBe('/%09/evil.example');
    expect(safeReturnPath('/results?query=a%20b#top')).toBe('/results?query=a%20b#top');
  });
});
