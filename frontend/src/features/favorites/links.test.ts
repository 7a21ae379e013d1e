import { describe, expect, it } from 'vitest';
import { favoriteCollectionKey, favoriteGuidelineHref } from './links';

describe('favourite links', () => {
  it('open the guideline in its language, naming the space of a shared one', () => {
    expect(favoriteGuidelineHref({ guideline: 4, language: 'it', space: 1, shared: false })).toBe('/guideline/4/it');
    expect(favoriteGuidelineHref({ guideline: 4, language: 'de', space: 7, shared: true })).toBe('/guideline/4/de?space=7');
  });

  it('name collections by space and id', () => {
    expect(favoriteCollectionKey({ collection: 3, space: 7 })).toEqual({ spaceId: 7, collectionId: 3 });
  });
});
