import { describe, expect, it } from 'vitest';
import { guidelinePath, pageCount, parseSearchParams, resultsPath, toggleCollection, toggleOption, toSearchParams, toSearchRequest } from './searchState';

describe('search URL state', () => {
  it('round-trips query, filters and page through the URL', () => {
    const params = new URLSearchParams('query=Sepsis+Kind&collection=1:4&collection=7:2&meta=3:11&meta=3:12&meta=5:1&page=3');
    const state = parseSearchParams(params);
    expect(state).toEqual({ query: 'Sepsis Kind', collections: ['1:4', '7:2'], metadata: { '3': ['11', '12'], '5': ['1'] }, page: 3 });
    expect(parseSearchParams(toSearchParams(state))).toEqual(state);
    expect(toSearchRequest(state, 'fr')).toEqual({
      query: 'Sepsis Kind',
      collections: ['1:4', '7:2'],
      metadata: { '3': [11, 12], '5': [1] },
      from: 20,
      size: 10,
      language: 'fr',
    });
  });

  it('drops malformed parts and bounds the page and the query', () => {
    const state = parseSearchParams(new URLSearchParams(`query=${'x'.repeat(300)}&collection=4&collection=a:b&meta=3&page=-2`));
    expect(state.query).toHaveLength(200);
    expect(state.collections).toEqual([]);
    expect(state.metadata).toEqual({});
    expect(state.page).toBe(1);
    expect(parseSearchParams(new URLSearchParams('page=999')).page).toBe(100);
  });

  it('changing a filter starts on the first page', () => {
    const state = { query: 'a', collections: ['1:2'], metadata: { '3': ['4'] }, page: 4 };
    expect(toggleCollection(state, '1:2')).toEqual({ ...state, collections: [], page: 1 });
    expect(toggleCollection(state, '9:9').collections).toEqual(['1:2', '9:9']);
    expect(toggleOption(state, '3', '4')).toEqual({ ...state, metadata: {}, page: 1 });
    expect(toggleOption(state, '3', '5').metadata).toEqual({ '3': ['4', '5'] });
  });

  it('builds the paths of the results and of guidelines', () => {
    expect(resultsPath('  Ernährung  ')).toBe('/results?query=Ern%C3%A4hrung');
    expect(resultsPath('   ')).toBe('/results');
    expect(guidelinePath(12, 'fr', 1, 1)).toBe('/guideline/12/fr');
    expect(guidelinePath(12, 'de', 7, 1)).toBe('/guideline/12/de?space=7');
    expect(guidelinePath(12, 'de', 1, 1, 99)).toBe('/guideline/12/de/99');
    expect(pageCount(0)).toBe(0);
    expect(pageCount(21)).toBe(3);
    expect(pageCount(100000)).toBe(100);
  });
});
