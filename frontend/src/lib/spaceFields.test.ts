import { describe, expect, it } from 'vitest';
import { colorError, isDomainList, parseDomains } from './spaceFields';

describe('space fields', () => {
  it('parses comma separated domains', () => {
    expect(parseDomains(' a.ch, ,b.ch ')).toEqual(['a.ch', 'b.ch']);
    expect(parseDomains('')).toEqual([]);
  });
  it('accepts lower-case domain names only', () => {
    expect(isDomainList('kssg.ch, h-och.ch, spital.example.org')).toBe(true);
    expect(isDomainList('')).toBe(true);
    for (const bad of ['KSSG.ch', 'kssg', '-a.ch', 'a_b.ch', 'kssg.ch; insel.ch', 'a.c']) expect(isDomainList(bad), bad).toBe(false);
  });
  it('checks colours, optional or required', () => {
    expect(colorError('#a1B2c3', true)).toBeUndefined();
    expect(colorError('#abc', true)).toBeUndefined();
    expect(colorError('', true)).toBe('validation.required');
    expect(colorError(' ', false)).toBeUndefined();
    expect(colorError('red', false)).toBe('validation.hexColor');
    expect(colorError('#12', true)).toBe('validation.hexColor');
  });
});
