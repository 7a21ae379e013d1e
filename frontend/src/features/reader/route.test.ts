import { describe, expect, it } from 'vitest';
import { parseReaderTarget, readerPath } from './route';

const none = new URLSearchParams();

describe('reader route segments (spec §2)', () => {
  it.each([
    [{ id: '12' }, { id: 12, language: 'de', detailId: null, space: null }],
    [{ id: '12', lang: 'fr' }, { id: 12, language: 'fr', detailId: null, space: null }],
    [{ id: '12', lang: 'it', detailId: '99' }, { id: 12, language: 'it', detailId: 99, space: null }],
    [{ id: '12', lang: '99' }, { id: 12, language: 'de', detailId: 99, space: null }],
  ])('reads %j', (params, want) => {
    expect(parseReaderTarget(params, none)).toEqual(want);
  });

  it('names the source space of a shared guideline', () => {
    expect(parseReaderTarget({ id: '3', lang: 'en' }, new URLSearchParams('space=7&preSelectedTab=comments'))).toEqual({
      id: 3,
      language: 'en',
      detailId: null,
      space: 7,
    });
    expect(parseReaderTarget({ id: '3' }, new URLSearchParams('space=x'))?.space).toBeNull();
  });

  it.each([[{ id: 'abc' }], [{ id: '0' }], [{ id: '12', lang: 'xx' }], [{ id: '12', lang: 'de', detailId: 'x' }], [{ id: '12', lang: '99', detailId: '5' }], [{}]])(
    'refuses %j',
    (params) => {
      expect(parseReaderTarget(params, none)).toBeNull();
    },
  );

  it('writes paths back', () => {
    expect(readerPath(12, 'fr')).toBe('/guideline/12/fr');
    expect(readerPath(12, 'de', 99)).toBe('/guideline/12/de/99');
    expect(readerPath(12, 'de', null, 7)).toBe('/guideline/12/de?space=7');
  });
});
