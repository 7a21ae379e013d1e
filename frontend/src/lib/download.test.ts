import { describe, expect, it } from 'vitest';
import { dispositionFileName } from './download';

describe('dispositionFileName', () => {
  it('prefers the UTF-8 name and falls back to the plain one', () => {
    expect(dispositionFileName(`attachment; filename="Ern_hrung-de-v3.pdf"; filename*=UTF-8''Ern%C3%A4hrung-de-v3.pdf`)).toBe('Ernährung-de-v3.pdf');
    expect(dispositionFileName('attachment; filename="Sepsis-fr-v2-draft.pdf"')).toBe('Sepsis-fr-v2-draft.pdf');
    expect(dispositionFileName(`attachment; filename="x.pdf"; filename*=UTF-8''%E0%A4%A.pdf`)).toBe('x.pdf');
    expect(dispositionFileName(null)).toBeNull();
  });

  it('keeps the punctuation of a title', () => {
    expect(
      dispositionFileName(`attachment; filename="Sepsis - Erstversorgung (de).pdf"; filename*=UTF-8''Sepsis%20%E2%80%93%20Erstversorgung%20%28de%29.pdf`),
    ).toBe('Sepsis – Erstversorgung (de).pdf');
  });
});
