import { ApiError, INVALID_REQUEST } from '@/lib/api';

/** What the reader offers when a guideline cannot be shown. */
export type ReaderAction = 'signIn' | 'requestMembership' | 'contactAdmin' | 'home' | 'retry';

/** A reader condition of spec §4 ready to show: its message keys, an action and what fills them in. */
export interface ReaderCondition {
  kind: 'notFound' | 'notPublished' | 'archived' | 'expired' | 'offline' | 'forbidden' | 'unavailable' | 'support';
  action: ReaderAction;
  /** languages the caller could read instead */
  languages: string[];
  validUntil: string | null;
  /** the caller edits the guideline: offer the way to management */
  mayEdit: boolean;
}

const byMessage: Record<string, ReaderCondition['kind']> = {
  'guideline.notFound': 'notFound',
  'guideline.languageNotFound': 'notPublished',
  'reader.notPublished': 'notPublished',
  'reader.archived': 'archived',
  'reader.expired': 'expired',
  'reader.offline': 'offline',
  'reader.forbidden': 'forbidden',
};

const actions: ReaderAction[] = ['signIn', 'requestMembership', 'contactAdmin'];

/** Maps an error of reader/query/guideline to its condition; anything unexpected asks to contact support. */
export function readerCondition(error: unknown): ReaderCondition {
  const base: ReaderCondition = { kind: 'support', action: 'home', languages: [], validUntil: null, mayEdit: false };
  if (!(error instanceof ApiError)) return base;
  if (error.status === 0 && error.message === INVALID_REQUEST) return { ...base, kind: 'unavailable', action: 'retry' };
  const kind = byMessage[error.message] ?? (error.status === 403 ? 'forbidden' : error.status === 404 ? 'notFound' : 'support');
  const p = error.params;
  const action = kind === 'forbidden' ? (actions.find((a) => a === p.action) ?? 'signIn') : 'home';
  return {
    kind,
    action,
    languages: Array.isArray(p.languages) ? p.languages.filter((l): l is string => typeof l === 'string') : [],
    validUntil: typeof p.validUntil === 'string' ? p.validUntil : null,
    mayEdit: p.mayEdit === true,
  };
}
