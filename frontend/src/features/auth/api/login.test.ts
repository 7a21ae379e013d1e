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
});
