import type { TFunction } from 'i18next';
import type { LogEntry as AuditLogEntry } from './api-types.gen';

/**
 * The action keys of the audit trail by group, as the server records them (services/auditlog
 * Actions; a Go test keeps the two lists equal). Each has a sentence in the locales under
 * `audit.action.<key>`.
 */
export const AUDIT_ACTION_GROUPS = [
  {
    group: 'auth',
    actions: [
      'auth.signIn',
      'auth.signInFailed',
      'auth.passwordChanged',
      'auth.passwordReset',
      'auth.emailChanged',
      'auth.secondFactorEnabled',
      'auth.secondFactorDisabled',
      'auth.sessionEnded',
    ],
  },
  { group: 'invitation', actions: ['invitation.sent', 'invitation.revoked', 'invitation.accepted'] },
  {
    group: 'space',
    actions: ['space.created', 'space.updated', 'space.deleted', 'space.variableSet', 'space.variableDeleted', 'space.metadataChanged', 'space.landingPageChanged', 'space.suspended', 'space.resumed', 'space.moved', 'space.migrated', 'space.dumped', 'space.restored', 'space.searchSynonymsChanged', 'space.domainAdded', 'space.domainVerified', 'space.domainRemoved'],
  },
  { group: 'member', actions: ['member.added', 'member.removed', 'member.adminGranted', 'member.adminRevoked'] },
  { group: 'membershipRequest', actions: ['membershipRequest.accepted', 'membershipRequest.declined'] },
  {
    group: 'collection',
    actions: [
      'collection.created',
      'collection.updated',
      'collection.deleted',
      'collection.memberAdded',
      'collection.memberRemoved',
      'collection.validatorAdded',
      'collection.validatorRemoved',
      'collection.adminGranted',
      'collection.adminRevoked',
      'collection.historyReaderAdded',
      'collection.historyReaderRemoved',
    ],
  },
  { group: 'sharing', actions: ['sharing.offered', 'sharing.withdrawn', 'sharing.activated', 'sharing.deactivated'] },
  {
    group: 'guideline',
    actions: [
      'guideline.approved',
      'guideline.published',
      'guideline.rejected',
      'guideline.hotfixed',
      'guideline.archived',
      'guideline.restored',
      'guideline.online',
      'guideline.offline',
      'guideline.deleted',
      'guideline.languageDeleted',
      'guideline.moved',
      'guideline.copied',
      'guideline.authorChanged',
      'guideline.coAuthorsAdded',
      'guideline.coAuthorsRemoved',
      'guideline.translationConfirmed',
    ],
  },
  {
    group: 'user',
    actions: ['user.created', 'user.deleted', 'user.emailChanged', 'user.loginAdded', 'user.loginDeleted', 'user.superAdminGranted', 'user.superAdminRevoked'],
  },
  { group: 'metadata', actions: ['metadata.saved', 'metadata.deleted'] },
  { group: 'export', actions: ['export.myGuidelines', 'export.guidelineDraftPdf', 'export.auditLog'] },
] as const;

export const AUDIT_ACTIONS: readonly string[] = AUDIT_ACTION_GROUPS.flatMap((g) => g.actions);

/** Who acted, as a name: the operator of the command line, else the recorded name or address. */
export function actorName(entry: AuditLogEntry, t: TFunction): string {
  const { actor } = entry;
  if (actor.id == null && actor.name === 'operator') return t('audit.operator');
  return actor.name || actor.email || t('audit.someone');
}

/** What was acted on, as a name; a guideline language carries its language. */
export function targetName(entry: AuditLogEntry): string {
  const language = entry.details.language;
  const label = entry.target.label || (entry.target.id != null ? `#${entry.target.id}` : '');
  return entry.target.type === 'guideline' && typeof language === 'string' && language ? `${label} (${language.toUpperCase()})` : label;
}

/** The entry as a sentence in the UI language, e.g. "Anna Keller added Max Muster as a member". */
export function describeEntry(entry: AuditLogEntry, t: TFunction): string {
  const text = (key: string) => {
    const v = entry.details[key];
    return typeof v === 'string' ? v : '';
  };
  return t(`audit.action.${entry.action}`, {
    actor: actorName(entry, t),
    target: targetName(entry),
    collection: text('collection'),
    toSpace: text('toSpace'),
    fromSpace: text('fromSpace'),
    defaultValue: entry.action,
  });
}

/** An action as a sentence with gaps ("… added … as a member"), as the action filter lists it. */
export function actionTemplate(action: string, t: TFunction): string {
  return t(`audit.action.${action}`, { actor: '…', target: '…', collection: '…', toSpace: '…', fromSpace: '…', defaultValue: action });
}

/** One line of an entry's details: a change from before to after, or a value. */
export interface DetailLine {
  key: string;
  label: string;
  before?: string;
  after?: string;
  value?: string;
}

// keys the sentence already says, or that only link records
const HIDDEN_DETAILS = new Set(['language', 'collectionId', 'toSpaceId', 'fromSpaceId', 'copyId', 'taskId', 'revision']);

function show(value: unknown, t: TFunction): string {
  if (value === true) return t('audit.yes');
  if (value === false) return t('audit.no');
  if (value === null || value === undefined || value === '') return '–';
  if (value === 'replaced' || value === 'removed') return t(`audit.${value}`);
  if (Array.isArray(value)) return value.length === 0 ? t('audit.none') : value.map((v) => show(v, t)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function isChange(value: unknown): value is { before?: unknown; after?: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && ('before' in value || 'after' in value);
}

/** The details of an entry as lines with translated labels, in a stable order. */
export function detailLines(entry: AuditLogEntry, t: TFunction): DetailLine[] {
  return Object.entries(entry.details)
    .filter(([key]) => !HIDDEN_DETAILS.has(key))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => {
      const label = t(`audit.detail.${key}`, { defaultValue: key });
      // visibilities read as the collection screens name them, actions (an export's filter) as the filter does
      const shown = (v: unknown) => {
        if (key === 'visibility' && typeof v === 'string') return t(`visibility.${v}`, { defaultValue: v });
        if (key === 'action' && typeof v === 'string') return actionTemplate(v, t);
        return show(v, t);
      };
      if (isChange(value)) return { key, label, before: shown(value.before), after: shown(value.after) };
      return { key, label, value: shown(value) };
    });
}

/** A YYYY-MM-DD date input as a valid date (years from 1000 on, spec §5), else null. */
function parseDay(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  if (y <= 999 || date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date;
}

/** The start of a local day as an RFC 3339 time, for the filter "since"; '' when empty or invalid. */
export function startOfDay(value: string): string {
  return parseDay(value)?.toISOString() ?? '';
}

/** The start of the local day after, for the filter "until" (inclusive of the day chosen). */
export function endOfDay(value: string): string {
  const day = parseDay(value);
  if (!day) return '';
  day.setDate(day.getDate() + 1);
  return day.toISOString();
}
