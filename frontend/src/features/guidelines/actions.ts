/** Which lifecycle actions the management page offers for a language, from the server's SubmitData (spec §4). */
import type { SubmitData } from '@/lib/api-types.gen';

export type HotfixBlock = 'submitted' | 'expired' | 'rejected';

export interface LanguageActions {
  /** submit a new request, add the changes to the open one, or nothing to submit */
  submit: 'submit' | 'update' | null;
  /** a hotfix applies the latest version to the published one; when blocked the dialog says why and offers submitting */
  hotfix: 'allowed' | 'blocked' | null;
  hotfixBlockedBy: HotfixBlock | null;
  /** confirm the published version unchanged for another validity period */
  renew: boolean;
}

export const NO_ACTIONS: LanguageActions = { submit: null, hotfix: null, hotfixBlockedBy: null, renew: false };

const isBlock = (v: string): v is HotfixBlock => v === 'submitted' || v === 'expired' || v === 'rejected';

export function languageActions(d: SubmitData, archived: boolean): LanguageActions {
  if (archived) return NO_ACTIONS;
  const published = d.publishedVersion ?? null;
  const changed = published === null || d.latestVersion > published;
  // changes go into an open submission, not into a renewal (which confirms the published text)
  const submit = d.isAlreadySubmitted ? (d.openRevision && d.openKind !== 'renew' ? 'update' : null) : changed ? 'submit' : null;
  const hotfixBlockedBy = isBlock(d.hotfixBlockedBy) ? d.hotfixBlockedBy : null;
  const hotfix = published !== null && d.latestVersion > published ? (d.canHotfix ? 'allowed' : 'blocked') : null;
  return { submit, hotfix, hotfixBlockedBy: hotfix === 'blocked' ? (hotfixBlockedBy ?? 'submitted') : null, renew: published !== null && !d.isAlreadySubmitted };
}
