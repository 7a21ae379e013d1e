import { describe, expect, it } from 'vitest';
import type { Space } from '@/lib/types';
import { groupSpaces, matchesFilter } from './filterSpaces';

const space = (id: number, title: string, subdomain: string, member = false, national = false): Space => ({
  id,
  title,
  subdomain,
  member,
  national,
  color: '#aa0000',
  accentColor: '#886622',
  emailDomains: [],
  tags: [],
  variables: {},
  lpvisible: true,
  public: true,
  position: id,
  selfSignup: false, adminsNeedSecondFactor: false,
});

const kssg = space(11, 'Kantonsspital St. Gallen', 'kssg', true);
const insel = space(22, 'Inselspital Bern', 'insel');
const swiss = space(3, 'Swissnoso', 'swissnoso', false, true);
const page = { spaces: [kssg, insel], nationalSpaces: [swiss], mySpaces: [kssg], total: 2, nationalTotal: 1 };

describe('matchesFilter', () => {
  it('matches title, subdomain and id case-insensitively', () => {
    expect(matchesFilter(kssg, 'GALLEN')).toBe(true);
    expect(matchesFilter(kssg, 'ksS')).toBe(true);
    expect(matchesFilter(kssg, '11')).toBe(true);
    expect(matchesFilter(kssg, 'bern')).toBe(false);
  });
});

describe('groupSpaces', () => {
  it('groups national, mine and more when unfiltered', () => {
    const groups = groupSpaces(page, '  ');
    expect(groups.map((g) => g.key)).toEqual(['national', 'mine', 'more']);
    expect(groups[1].spaces).toEqual([kssg]);
    expect(groups[2].spaces).toEqual([insel]);
  });
  it('drops empty groups', () => {
    expect(groupSpaces({ spaces: [insel], nationalSpaces: [], mySpaces: [], total: 1, nationalTotal: 0 }, '').map((g) => g.key)).toEqual(['more']);
  });
  it('returns one filtered group, possibly empty', () => {
    expect(groupSpaces(page, 'spital')[0]).toEqual({ key: 'filtered', spaces: [kssg, insel] });
    expect(groupSpaces(page, 'zzz')[0].spaces).toEqual([]);
  });
});
