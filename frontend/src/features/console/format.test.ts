import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, percent } from './format';

describe('formatBytes', () => {
  it('picks the unit and the language', () => {
    expect(formatBytes(0, 'en')).toBe('0 byte');
    expect(formatBytes(999, 'en')).toBe('999 byte');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(1536, 'de')).toBe('1,5 kB');
    expect(formatBytes(23_400_000, 'en')).toBe('23 MB');
    expect(formatBytes(5_000_000_000_000_000, 'en')).toBe('5,000 TB');
  });
});

describe('formatCount', () => {
  it('groups digits by language', () => {
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(12345, 'de')).toBe('12.345');
  });
});

describe('percent', () => {
  it('rounds and clamps', () => {
    expect(percent(0.456)).toBe(46);
    expect(percent(-1)).toBe(0);
    expect(percent(2)).toBe(100);
  });
});
