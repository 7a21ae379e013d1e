import { describe, expect, it } from 'vitest';
import type { LandingPage, SharedCollection, Space } from '../../lib/api-types.gen';
import { incomingShare, shareTargets } from './sharing';

const space = (id: number, title: string): Space => ({
  id,
  title,
  subdomain: title.toLowerCase(),
  color: '',
  accentColor: '',
  emailDomains: [],
  tags: [],
  variables: {},
  lpvisible: true,
  national: false,
  public: true,
  position: 0,
  selfSignup: false, adminsNeedSecondFactor: false,
  member: false,
});

const landing: LandingPage = { spaces: [space(1, 'Kssg'), space(3, 'Hug'), space(2, 'Insel')], nationalSpaces: [space(4, 'Aaa national')], mySpaces: [], total: 3, nationalTotal: 1 };
const share = (id: number, toSpaceId: number, active = false) => ({ id, toSpaceId, toSpaceTitle: '', active, title: '', fromSpaceTitle: '' });
const collection = (shares: ReturnType<typeof share>[]): SharedCollection => ({ id: 7, spaceId: 1, spaceTitle: 'Kssg', title: 'Notfall', visibility: 'public', shares });

describe('shareTargets', () => {
  it('lists every other space by title, national ones included', () => {
    expect(shareTargets(landing, 1, undefined).map((s) => s.id)).toEqual([4, 3, 2]);
  });
  it('leaves out spaces the collection is offered to already', () => {
    expect(shareTargets(landing, 1, collection([share(1, 2)])).map((s) => s.title)).toEqual(['Aaa national', 'Hug']);
  });
  it('is empty while the landing page loads', () => {
    expect(shareTargets(undefined, 1, undefined)).toEqual([]);
  });
});

describe('incomingShare', () => {
  it('picks the offer to this space', () => {
    expect(incomingShare(collection([share(1, 2), share(2, 3, true)]), 3)?.id).toBe(2);
    expect(incomingShare(collection([]), 3)).toBeUndefined();
  });
});
