import { describe, expect, it } from 'vitest';
import type { CollectionGuideline } from '@/lib/api-types.gen';
import { filterGuidelines, guidelineTitle } from './guidelineRows';

const user = (id: number, firstname: string, lastname: string) => ({
  id,
  firstname,
  lastname,
  username: `${firstname.toLowerCase()}@kssg.ch`,
  title: '',
  about: '',
  language: 'de',
  weeklyReminder: false,
});
const lang = (language: string, title: string) => ({ language, title, latestVersion: 1, publishedVersion: null, validUntil: null, states: ['created'] });
const list: CollectionGuideline[] = [
  { id: 1, author: user(1, 'Anna', 'Keller'), mainValidator: null, languages: [lang('de', 'Sepsis'), lang('fr', 'Septicémie')] },
  { id: 2, author: user(2, 'Luca', 'Rossi'), mainValidator: null, languages: [lang('it', 'Ictus')] },
  { id: 3, author: user(3, 'Max', 'Muster'), mainValidator: null, languages: [] },
];

describe('collection guideline rows', () => {
  it('lists a guideline under its first language', () => {
    expect(guidelineTitle(list[0])).toBe('Sepsis');
    expect(guidelineTitle(list[2])).toBe('');
  });

  it('filters by title in any language, author and id', () => {
    expect(filterGuidelines(list, 'septi').map((g) => g.id)).toEqual([1]);
    expect(filterGuidelines(list, ' ROSSI ').map((g) => g.id)).toEqual([2]);
    expect(filterGuidelines(list, '3').map((g) => g.id)).toEqual([3]);
    expect(filterGuidelines(list, '')).toHaveLength(3);
  });
});
