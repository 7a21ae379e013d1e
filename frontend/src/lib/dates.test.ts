import { describe, expect, it } from 'vitest';
import { formatDate, formatRelative, isAfterToday, localDateString } from './dates';

describe('isAfterToday', () => {
  const now = new Date(2026, 4, 10, 15, 30);
  it('accepts tomorrow and later, refuses today, the past and invalid dates', () => {
    expect(isAfterToday('2026-05-11', now)).toBe(true);
    expect(isAfterToday('2027-01-01', now)).toBe(true);
    expect(isAfterToday('2026-05-10', now)).toBe(false);
    expect(isAfterToday('2026-05-09', now)).toBe(false);
    expect(isAfterToday('2026-02-30', now)).toBe(false);
    expect(isAfterToday('0999-12-31', now)).toBe(false);
    expect(isAfterToday('', now)).toBe(false);
  });

  it('formats local dates for date inputs', () => {
    expect(localDateString(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});

describe('formatRelative', () => {
  it('says how long ago in the UI language', () => {
    const now = Date.parse('2026-05-10T12:00:00Z');
    expect(formatRelative('2026-05-10T11:57:00Z', 'en', now)).toBe('3 minutes ago');
    expect(formatRelative('2026-05-09T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(formatRelative('2026-05-10T10:00:00Z', 'de', now)).toBe('vor 2 Stunden');
  });
});

describe('formatDate', () => {
  it('writes dates as readers of the UI language expect them', () => {
    expect(formatDate('2027-01-10T12:00:00Z', 'de')).toBe('10.01.2027');
    expect(formatDate('2027-01-10T12:00:00Z', 'fr')).toBe('10/01/2027');
    expect(formatDate('2027-01-10T12:00:00Z', 'it')).toBe('10/01/2027');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });
});

describe('formatDate', () => {
  it('writes English dates day first, as the product spells English (organisation)', () => {
    expect(formatDate('2027-11-21T12:00:00Z', 'en')).toBe('21/11/2027');
    expect(formatDate('2027-11-21T12:00:00Z', 'de')).toBe('21.11.2027');
  });
});
