import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogEntry as AuditLogEntry, FilterRequest as AuditLogFilter } from '../lib/api-types.gen';
import { apiErrorText } from '../lib/apiErrors';
import { AUDIT_ACTION_GROUPS, actionTemplate, actorName, describeEntry, detailLines, endOfDay, startOfDay } from '../lib/auditLog';
import { useDownloadAuditLog } from '../lib/endpoints/downloadAuditLog';
import { useAuditLog } from '../lib/endpoints/getAuditLog';
import { displayName } from '../lib/types';
import { dateLocale } from '../lib/dates';
import { Icon } from './Icon';
import { Loader } from './Loader';
import { QueryErrorPage } from './QueryErrorPage';
import { TextField } from './TextField';
import { UserPicker, type UserSearchHook } from './UserPicker';

/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

const NOBODY: ReadonlySet<number> = new Set();

interface AuditLogProps {
  /** the space whose entries are shown; 0 shows every space's and the installation's (the super admin) */
  spaceId: number;
  /** show each entry's space, when entries of several spaces are listed */
  showSpace?: boolean;
  /** whom the "who" filter finds; the members of the current space unless given */
  useActorSearch?: UserSearchHook;
  /** a filter shown before the others (the super admin's choice of space) */
  extraFilter?: ReactNode;
}

interface Actor {
  id: number;
  name: string;
}

/** The audit trail: who did what, when and from where, filtered, paged and downloadable as CSV. */
export function AuditLog({ spaceId, showSpace = false, useActorSearch, extraFilter }: AuditLogProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const actionId = useId();
  const [actor, setActor] = useState<Actor | null>(null);
  const [action, setAction] = useState('');
  const [since, setSince] = useState('');
  const [until, setUntil] = useState('');
  const [from, setFrom] = useState(0);
  // keyboard users keep their place when the picker and the chosen person replace each other
  const whoRef = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    whoRef.current?.querySelector<HTMLElement>('button, input')?.focus();
  }, [actor]);
  // another space starts at its newest entries
  const [shownSpace, setShownSpace] = useState(spaceId);
  if (shownSpace !== spaceId) {
    setShownSpace(spaceId);
    setFrom(0);
  }
  const rangeInvalid = since !== '' && until !== '' && until < since;
  const filter: AuditLogFilter = {
    spaceId,
    actor: actor?.id,
    action: action || undefined,
    since: startOfDay(since) || undefined,
    until: endOfDay(until) || undefined,
  };
  const log = useAuditLog({ ...filter, from, size: AUDIT_PAGE_SIZE }, !rangeInvalid);
  const download = useDownloadAuditLog();
  const filtered = actor !== null || action !== '' || since !== '' || until !== '';

  // A refused first page (no right to this space's log) is the page's answer; failures after
  // that are told inside the card, so that the filters can be changed.
  if (log.isError && !log.data && !filtered && from === 0) return <QueryErrorPage error={log.error} />;

  /** Filters change the list, which starts again at its newest entries. */
  const refilter = (change: () => void) => {
    change();
    setFrom(0);
  };
  const entries = log.data?.entries ?? [];

  return (
    <section className="card audit" aria-labelledby={headingId}>
      <div className="card__toolbar">
        <h2 id={headingId} className="card__title">
          {t('audit.title')}
        </h2>
        <div className="card__tools">
          <button type="button" className="btn" disabled={download.isPending || rangeInvalid} onClick={() => download.mutate(filter)}>
            <Icon name="download" size={18} />
            {t('audit.download')}
          </button>
        </div>
      </div>
      <p className="card__text">{t('audit.intro')}</p>

      <div className="audit__filters" role="group" aria-label={t('audit.filters.label')}>
        {extraFilter}
        <div ref={whoRef} className="audit__who">
        {actor ? (
          <div className="field">
            <span className="field__label">{t('audit.filters.who')}</span>
            <span className="chip audit__actor">
              {actor.name}
              <button
                type="button"
                className="icon-btn icon-btn--small"
                aria-label={t('audit.filters.removeActor', { name: actor.name })}
                onClick={() => {
                  moveFocus.current = true;
                  refilter(() => setActor(null));
                }}
              >
                <Icon name="close" size={14} />
              </button>
            </span>
          </div>
        ) : (
          <UserPicker
            label={t('audit.filters.who')}
            excludeIds={NOBODY}
            useSearch={useActorSearch}
            onPick={(user) => {
              moveFocus.current = true;
              refilter(() => setActor({ id: user.id, name: displayName(user) }));
            }}
          />
        )}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={actionId}>
            {t('audit.filters.what')}
          </label>
          <select id={actionId} className="select" value={action} onChange={(e) => refilter(() => setAction(e.target.value))}>
            <option value="">{t('audit.filters.allActions')}</option>
            {AUDIT_ACTION_GROUPS.map((g) => (
              <optgroup key={g.group} label={t(`audit.groups.${g.group}`)}>
                {g.actions.map((a) => (
                  <option key={a} value={a}>
                    {actionTemplate(a, t)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <TextField label={t('audit.filters.since')} type="date" min="1000-01-01" max={until || undefined} value={since} onChange={(e) => refilter(() => setSince(e.target.value))} />
        <TextField
          label={t('audit.filters.until')}
          type="date"
          min={since || '1000-01-01'}
          value={until}
          error={rangeInvalid ? t('audit.filters.rangeInvalid') : null}
          onChange={(e) => refilter(() => setUntil(e.target.value))}
        />
        {filtered && (
          <button
            type="button"
            className="btn btn--ghost audit__reset"
            onClick={() =>
              refilter(() => {
                setActor(null);
                setAction('');
                setSince('');
                setUntil('');
              })
            }
          >
            {t('audit.filters.reset')}
          </button>
        )}
      </div>

      {download.isError && (
        <p className="form-error" role="alert">
          {t('audit.downloadFailed')} {apiErrorText(download.error, t)}
        </p>
      )}
      {log.isError && (
        <p className="form-error" role="alert">
          {apiErrorText(log.error, t)}
        </p>
      )}

      {rangeInvalid ? null : log.isPending ? (
        <Loader />
      ) : entries.length === 0 ? (
        <div className="empty-state">
          <Icon name="clock" size={28} />
          <p className="empty-state__title">{filtered ? t('audit.emptyFiltered') : t('audit.empty')}</p>
        </div>
      ) : (
        <div className="table-wrap" aria-busy={log.isPlaceholderData || undefined}>
          <table className={log.isPlaceholderData ? 'table rtable audit__table audit__table--stale' : 'table rtable audit__table'}>
            <thead>
              <tr>
                <th scope="col">{t('audit.columns.at')}</th>
                <th scope="col">{t('audit.columns.what')}</th>
                <th scope="col">{t('audit.columns.details')}</th>
                <th scope="col">{t('audit.columns.from')}</th>
                {showSpace && <th scope="col">{t('audit.columns.space')}</th>}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <EntryRow
                  key={entry.id}
                  entry={entry}
                  language={i18n.language}
                  showSpace={showSpace}
                  onlyActor={actor === null ? (a) => refilter(() => setActor(a)) : undefined}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {(from > 0 || log.data?.hasMore) && !rangeInvalid && (
        <nav className="audit__pager" aria-label={t('audit.pages')}>
          <button type="button" className="btn btn--small" disabled={from === 0 || log.isFetching} onClick={() => setFrom(Math.max(0, from - AUDIT_PAGE_SIZE))}>
            <Icon name="arrowLeft" size={16} />
            {t('audit.newer')}
          </button>
          <span className="muted" aria-live="polite">
            {entries.length > 0 && t('audit.range', { first: from + 1, last: from + entries.length })}
          </span>
          <button type="button" className="btn btn--small" disabled={!log.data?.hasMore || log.isFetching} onClick={() => setFrom(from + AUDIT_PAGE_SIZE)}>
            {t('audit.older')}
            <Icon name="arrowLeft" size={16} className="audit__flip" />
          </button>
        </nav>
      )}
    </section>
  );
}

interface EntryRowProps {
  entry: AuditLogEntry;
  language: string;
  showSpace: boolean;
  /** narrows the list to the entry's actor; absent while an actor filter is set */
  onlyActor?: (actor: Actor) => void;
}

function EntryRow({ entry, language, showSpace, onlyActor }: EntryRowProps) {
  const { t } = useTranslation();
  const at = new Date(entry.at);
  const lines = detailLines(entry, t);
  const name = actorName(entry, t);
  const actorId = entry.actor.id;
  return (
    <tr data-action={entry.action}>
      <td data-label={t('audit.columns.at')} className="nowrap">
        <time dateTime={entry.at}>{Number.isNaN(at.getTime()) ? entry.at : at.toLocaleString(dateLocale(language), { dateStyle: 'medium', timeStyle: 'medium' })}</time>
      </td>
      <td className="rtable__main">
        <div>
          <span className="audit__sentence">{describeEntry(entry, t)}</span>
          {onlyActor && actorId != null && (
            <button
              type="button"
              className="icon-btn icon-btn--small audit__only"
              aria-label={t('audit.filters.byActor', { name })}
              title={t('audit.filters.byActor', { name })}
              onClick={() => onlyActor({ id: actorId, name })}
            >
              <Icon name="user" size={14} />
            </button>
          )}
          {entry.actor.email && entry.actor.email !== name && <span className="audit__email">{entry.actor.email}</span>}
        </div>
      </td>
      <td data-label={t('audit.columns.details')}>
        {lines.length > 0 && (
          <ul className="audit__details">
            {lines.map((l) => (
              <li key={l.key}>
                <span className="audit__detail-label">{l.label}:</span>{' '}
                {l.value !== undefined ? (
                  l.value
                ) : (
                  <>
                    <del>{l.before}</del> → <ins>{l.after}</ins>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td data-label={t('audit.columns.from')}>
        {(entry.clientAddr || entry.userAgent) && (
          <div className="audit__origin">
            {entry.clientAddr && <span className="mono">{entry.clientAddr}</span>}
            {entry.userAgent && (
              <span className="audit__agent" title={entry.userAgent}>
                {entry.userAgent}
              </span>
            )}
          </div>
        )}
      </td>
      {showSpace && <td data-label={t('audit.columns.space')}>{entry.spaceId == null ? t('audit.installation') : entry.spaceTitle || `#${entry.spaceId}`}</td>}
    </tr>
  );
}
