import { describe, expect, it } from 'vitest';
import { addOption, draftFrom, fieldFromServer, firstErrorLanguage, moveOption, removeOption, toInput, validateDraft } from './metadata';

const texts = (de: string, more: Partial<{ en: string; fr: string; it: string }> = {}) => ({ de, en: '', fr: '', it: '', ...more });

const specialty = {
  id: 7,
  names: texts('Fachgebiet', { en: 'Specialty' }),
  descriptions: texts('Medizinisches Fachgebiet'),
  options: [
    { id: 1, names: texts('Kardiologie', { fr: 'Cardiologie' }), descriptions: texts('') },
    { id: 2, names: texts('Neurologie'), descriptions: texts('Hirn', { it: 'Cervello' }) },
  ],
};

describe('metadata draft', () => {
  it('keeps ids of existing options and sends none for new ones, in every language', () => {
    let draft = draftFrom(specialty);
    draft = { ...draft, options: addOption(draft.options) };
    draft.options[2] = { ...draft.options[2], names: texts(' Onkologie ', { en: ' Oncology ' }) };
    expect(toInput(draft)).toEqual({
      id: 7,
      names: texts('Fachgebiet', { en: 'Specialty' }),
      descriptions: texts('Medizinisches Fachgebiet'),
      options: [
        { id: 1, names: texts('Kardiologie', { fr: 'Cardiologie' }), descriptions: texts('') },
        { id: 2, names: texts('Neurologie'), descriptions: texts('Hirn', { it: 'Cervello' }) },
        { names: texts('Onkologie', { en: 'Oncology' }), descriptions: texts('') },
      ],
    });
  });

  it('does not change the definition it was made from', () => {
    const draft = draftFrom(specialty);
    draft.names.en = 'changed';
    expect(specialty.names.en).toBe('Specialty');
  });

  it('moves and removes options', () => {
    const { options } = draftFrom(specialty);
    expect(moveOption(options, 1, -1).map((o) => o.id)).toEqual([2, 1]);
    expect(moveOption(options, 0, -1)).toBe(options);
    expect(moveOption(options, 1, 1)).toBe(options);
    expect(removeOption(options, 0).map((o) => o.id)).toEqual([2]);
  });

  it('a new definition has no id and empty texts', () => {
    expect(toInput(draftFrom(null))).toEqual({ names: texts(''), descriptions: texts(''), options: [] });
  });

  it('asks for German names only, and checks lengths in every language', () => {
    const draft = {
      names: texts(' ', { en: 'Specialty' }),
      descriptions: texts('', { fr: 'x'.repeat(1001) }),
      options: [
        { key: 'a', names: texts('A'), descriptions: texts('') },
        { key: 'b', names: texts('a '), descriptions: texts('') },
        { key: 'c', names: texts('', { it: 'C' }), descriptions: texts('') },
      ],
    };
    expect(validateDraft(draft)).toEqual({
      'names.de': 'validation.required',
      'descriptions.fr': 'validation.tooLong',
      'options.1.names.de': 'metadata.duplicateOption',
      'options.2.names.de': 'validation.required',
    });
    expect(validateDraft({ ...draft, names: texts('Fach', { it: 'x'.repeat(101) }), descriptions: texts(''), options: [] })).toEqual({
      'names.it': 'validation.tooLong',
    });
    expect(validateDraft({ names: texts('Fach'), descriptions: texts(''), options: [] })).toEqual({});
  });

  it('finds the language to show for the first error', () => {
    expect(firstErrorLanguage({ 'options.0.names.it': 'x', 'names.fr': 'y' })).toBe('fr');
    expect(firstErrorLanguage({ 'options.0.names.de': 'x', 'names.en': 'y' })).toBe('de');
    expect(firstErrorLanguage({})).toBeNull();
  });

  it('maps server fields to form fields', () => {
    expect(fieldFromServer('metadata.names.de')).toBe('names.de');
    expect(fieldFromServer('metadata.descriptions.fr')).toBe('descriptions.fr');
    expect(fieldFromServer('metadata.options[3].names.it')).toBe('options.3.names.it');
    expect(fieldFromServer('metadata.options')).toBeNull();
    expect(fieldFromServer('metadata.names.es')).toBeNull();
    expect(fieldFromServer(undefined)).toBeNull();
  });
});
