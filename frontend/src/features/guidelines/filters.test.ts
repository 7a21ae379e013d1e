import { describe, expect, it } from 'vitest';
import type { MyGuideline } from '@/lib/api-types.gen';
import { collectionOptions, EMPTY_FILTER, filterFromParams, filterGuidelines, filterToParams, orderFromParams, sortByEdited } from './filters';

const row = (over: Partial<MyGuideline>): MyGuideline => ({
  id: 1,
  language: 'de',
  role: 'author',
  online: false,
  collection: 'Notfall',
  collectionId: 7,
  title: 'Paracetamol',
  states: ['created', 'neverPublished'],
  edited: '2026-03-01T10:00:00Z',
  latestVersion: 1,
  validUntil: null,
  languages: ['de'],
  ...over,
});

const rows = [
  row({}),
  row({ id: 2, title: 'Ibuprofen', role: 'coAuthor', states: ['rejected', 'neverPublished'], edited: '2026-03-03T10:00:00Z' }),
  row({ id: 3, title: 'Sepsis', collection: 'Intensiv', collectionId: 9, states: ['accepted', 'online'], edited: '2026-02-01T10:00:00Z' }),
  row({ id: 3, language: 'fr', title: 'Sepsis FR', collection: 'Intensiv', collectionId: 9, states: ['accepted', 'expiring', 'online'], edited: '2026-02-01T10:00:00Z' }),
];

describe('filterGuidelines', () => {
  it('matches text in title or collection case-insensitively, or the id', () => {
    expect(filterGuidelines(rows, { ...EMPTY_FILTER, text: 'PARA' }).map((r) => r.id)).toEqual([1]);
    expect(filterGuidelines(rows, { ...EMPTY_FILTER, text: 'intens' }).map((r) => r.title)).toEqual(['Sepsis', 'Sepsis FR']);
    expect(filterGuidelines(rows, { ...EMPTY_FILTER, text: ' 2 ' }).map((r) => r.title)).toEqual(['Ibuprofen']);
  });

  it('filters by state, collection and role, combined', () => {
    expect(filterGuidelines(rows, { ...EMPTY_FILTER, state: 'expiring' }).map((r) => r.title)).toEqual(['Sepsis FR']);
    expect(filterGuidelines(rows, { ...EMPTY_FILTER, collection: '7' }).map((r) => r.id)).toEqual([1, 2]);
    expect(filterGuidelines(rows, { ...EMPTY_FILTER, role: 'coAuthor' }).map((r) => r.id)).toEqual([2]);
    expect(filterGuidelines(rows, { ...EMPTY_FILTER, collection: '7', state: 'online' })).toEqual([]);
    expect(filterGuidelines(rows, EMPTY_FILTER)).toHaveLength(4);
  });
});

describe('sortByEdited', () => {
  it('sorts newest or oldest first and keeps ties in server order', () => {
    expect(sortByEdited(rows, 'desc').map((r) => r.title)).toEqual(['Ibuprofen', 'Paracetamol', 'Sepsis', 'Sepsis FR']);
    expect(sortByEdited(rows, 'asc').map((r) => r.title)).toEqual(['Sepsis', 'Sepsis FR', 'Paracetamol', 'Ibuprofen']);
  });
});

describe('filter options and URL', () => {
  it('lists each collection once by title', () => {
    expect(collectionOptions(rows)).toEqual([
      { id: 9, title: 'Intensiv' },
      { id: 7, title: 'Notfall' },
    ]);
  });

  it('round-trips through search parameters and leaves defaults out', () => {
    const f = { text: 'sep', state: 'online', collection: '9', role: 'author' };
    const params = filterToParams(f, 'asc');
    expect(params.toString()).toBe('q=sep&state=online&collection=9&role=author&sort=asc');
    expect(filterFromParams(params)).toEqual(f);
    expect(orderFromParams(params)).toBe('asc');
    expect(filterToParams(EMPTY_FILTER, 'desc').toString()).toBe('');
    expect(orderFromParams(new URLSearchParams())).toBe('desc');
  });
});
