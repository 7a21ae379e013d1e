import { describe, expect, it } from 'vitest';
import { emptyTexts, textIn } from './texts';

describe('textIn', () => {
  const names = { de: 'Fachgebiet', en: 'Specialty', fr: '  ', it: '' };

  it('gives the text of the UI language', () => {
    expect(textIn(names, 'en')).toBe('Specialty');
    expect(textIn(names, 'de')).toBe('Fachgebiet');
  });

  it('falls back to German when the language has no text', () => {
    expect(textIn(names, 'fr')).toBe('Fachgebiet');
    expect(textIn(names, 'it')).toBe('Fachgebiet');
  });

  it('falls back to German for a language the product does not know', () => {
    expect(textIn(names, 'es')).toBe('Fachgebiet');
    expect(textIn(names, 'en-GB')).toBe('Fachgebiet');
  });

  it('starts empty in every language', () => {
    expect(emptyTexts()).toEqual({ de: '', en: '', fr: '', it: '' });
  });
});
