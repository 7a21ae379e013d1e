import { describe, expect, it } from 'vitest';
import type { SubmitData } from '@/lib/api-types.gen';
import { languageActions, NO_ACTIONS } from './actions';

const data = (over: Partial<SubmitData>): SubmitData => ({
  latestProgress: '',
  importantChange: false,
  canHotfix: false,
  hotfixBlockedBy: '',
  isAlreadySubmitted: false,
  openKind: '',
  openRevision: null,
  language: 'de',
  publishedVersion: null,
  latestVersion: 1,
  ...over,
});

describe('languageActions', () => {
  it('adds no changes to an open renewal, which confirms the published text', () => {
    const a = languageActions(data({ isAlreadySubmitted: true, openRevision: 4, openKind: 'renew', publishedVersion: 2, latestVersion: 2 }), false);
    expect(a.submit).toBeNull();
    expect(a.renew).toBe(false);
  });

  it('offers only submitting for a language never published', () => {
    expect(languageActions(data({}), false)).toEqual({ submit: 'submit', hotfix: null, hotfixBlockedBy: null, renew: false });
  });

  it('offers adding changes to an open request and shows the hotfix as blocked', () => {
    expect(languageActions(data({ isAlreadySubmitted: true, openRevision: 4, publishedVersion: 1, latestVersion: 3, hotfixBlockedBy: 'submitted' }), false)).toEqual({
      submit: 'update',
      hotfix: 'blocked',
      hotfixBlockedBy: 'submitted',
      renew: false,
    });
  });

  it('offers hotfix, submit and renew for a published language with a newer version', () => {
    expect(languageActions(data({ publishedVersion: 2, latestVersion: 3, canHotfix: true }), false)).toEqual({
      submit: 'submit',
      hotfix: 'allowed',
      hotfixBlockedBy: null,
      renew: true,
    });
  });

  it('blocks the hotfix after a rejection or expiry and says why', () => {
    expect(languageActions(data({ publishedVersion: 2, latestVersion: 3, hotfixBlockedBy: 'rejected' }), false).hotfixBlockedBy).toBe('rejected');
    expect(languageActions(data({ publishedVersion: 2, latestVersion: 3, hotfixBlockedBy: 'expired' }), false).hotfix).toBe('blocked');
  });

  it('offers only renewal when the published version is the latest', () => {
    expect(languageActions(data({ publishedVersion: 3, latestVersion: 3, canHotfix: true }), false)).toEqual({ submit: null, hotfix: null, hotfixBlockedBy: null, renew: true });
  });

  it('offers nothing for an archived language', () => {
    expect(languageActions(data({ publishedVersion: 2, latestVersion: 3, canHotfix: true }), true)).toEqual(NO_ACTIONS);
  });
});
