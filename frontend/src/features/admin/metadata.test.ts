import { describe, expect, it } from 'vitest';
import { addOption, draftFrom, fieldFromServer, moveOption, removeOption, toInput, validateDraft } from './metadata';

const specialty = {
  id: 7,
  name: 'Fachgebiet',
  description: 'Medizinisches Fachgebiet',
  options: [
    { id: 1, name: 'Kardiologie', description: '' },
    { id: 2, name: 'Neurologie', description: 'Hirn' },
  ],
};

describe('metadata draft', () => {
  it('keeps ids of existing options and sends none for new ones', () => {
    let draft = draftFrom(specialty);
    draft = { ...draft, options: addOption(draft.options) };
    draft.options[2] = { ...draft.options[2], name: ' Onkologie ' };
    expect(toInput(draft)).toEqual({
      id: 7,
      name: 'Fachgebiet',
      description: 'Medizinisches Fachgebiet',
      options: [
        { id: 1, name: 'Kardiologie', description: '' },
        { id: 2, name: 'Neurologie', description: 'Hirn' },
        { name: 'Onkologie', description: '' },
      ],
    });
  });

  it('moves and removes options', () => {
    const { options } = draftFrom(specialty);
    expect(moveOption(options, 1, -1).map((o) => o.id)).toEqual([2, 1]);
    expect(moveOption(options, 0, -1)).toBe(options);
    expect(moveOption(options, 1, 1)).toBe(options);
    expect(removeOption(options, 0).map((o) => o.id)).toEqual([2]);
  });

  it('a new definition has no id', () => {
    expect(toInput(draftFrom(null))).toEqual({ name: '', description: '', options: [] });
  });

  it('validates name, option names and duplicates', () => {
    const draft = { name: ' ', description: '', options: [{ key: 'a', name: 'A', description: '' }, { key: 'b', name: 'a ', description: '' }, { key: 'c', name: '', description: '' }] };
    expect(validateDraft(draft)).toEqual({ name: 'validation.required', 'options.1.name': 'metadata.duplicateOption', 'options.2.name': 'validation.required' });
    expect(validateDraft({ ...draft, name: 'x'.repeat(101), options: [] })).toEqual({ name: 'validation.tooLong' });
  });

  it('maps server fields to form fields', () => {
    expect(fieldFromServer('metadata.name')).toBe('name');
    expect(fieldFromServer('metadata.description')).toBe('description');
    expect(fieldFromServer('metadata.options[3].name')).toBe('options.3.name');
    expect(fieldFromServer('metadata.options')).toBeNull();
    expect(fieldFromServer(undefined)).toBeNull();
  });
});
