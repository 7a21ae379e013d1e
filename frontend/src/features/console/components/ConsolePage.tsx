import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Footer } from '@/components/Footer';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { LogoutButton } from '@/components/LogoutButton';
import { apiErrorText } from '@/lib/apiErrors';
import { useProfile } from '@/lib/endpoints/getProfile';
import { showSnackbar } from '@/lib/snackbar';
import { displayName } from '@/lib/types';
import { useDebouncedValue } from '@/lib/useDebouncedValue';
import { useClusters } from '../api/getClusters';
import { useConsoleSpaces, type ConsoleFilter } from '../api/getConsoleSpaces';
import { invalidateSpaceData } from '../api/invalidateSpaces';
import { formatCount } from '../format';
import { operationErrorText } from '../operationText';
import { SPACE_STATUSES, type ConsoleSpace, type SpaceOperation, type SpaceStatus } from '../types';
import { ConsoleDialogs, type PendingAction } from './ConsoleDialogs';
import { actionsButtonId, type SpaceAction } from './SpaceActionsMenu';
import { SpaceEditorDialog } from './SpaceEditorDialog';
import { SpaceRow } from './SpaceRow';
import '../console.css';

/** Wait after typing before asking the server, as the search box does (spec §9). */
const FILTER_DEBOUNCE_MS = 50;

const isStatus = (value: string): value is SpaceStatus => (SPACE_STATUSES as readonly string[]).includes(value);

/** The control-plane console on the landing host: every space with its state, place and size. */
export function ConsolePage() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();

  return (
    <div className="landing console">
      <header className="console__header">
        <div className="landing__header-inner">
          <a className="wordmark console__wordmark" href="/">
            <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
              <rect width="32" height="32" rx="8" fill="currentColor" opacity="0.18" />
              <path d="M9 9l7 15l7-15" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span className="console__brand">Vademecum</span>
            <span className="console__product">{t('console.title')}</span>
          </a>
          <div className="landing__session">
            {profile && (
              <span className="landing__user">
                <Icon name="user" size={18} />
                <span className="console__user-name">{displayName(profile)}</span>
              </span>
            )}
            <LogoutButton className="header-btn">
              <Icon name="logout" size={18} />
              <span className="header-btn__label">{t('auth.logout')}</span>
            </LogoutButton>
          </div>
        </div>
      </header>
      <main className="console__main">
        <SpacesSection />
      </main>
      <Footer landing />
    </div>
  );
}

function SpacesSection() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<SpaceStatus | ''>('');
  const [cluster, setCluster] = useState('');
  const filter: ConsoleFilter = { query: useDebouncedValue(query.trim(), FILTER_DEBOUNCE_MS), status, cluster };
  const spaces = useConsoleSpaces(filter);
  const clusters = useClusters();
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  // operations started here, by space, until the list carries them (failed ones stay to be read)
  const [started, setStarted] = useState<Record<number, SpaceOperation>>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const createRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<number | null>(null);
  const searchId = useId();
  const statusId = useId();
  const clusterId = useId();

  const pages = spaces.data?.pages ?? [];
  const loaded = pages.flatMap((p) => p.spaces);
  const total = pages[0]?.total ?? 0;
  const latest = pages[0]?.latestSchemaVersion ?? 0;
  const filtered = filter.query !== '' || status !== '' || cluster !== '';

  const handleAction = (action: SpaceAction, space: ConsoleSpace) => {
    returnTo.current = space.id;
    setPending({ action, space });
  };

  // back to the row's actions button, or to the list's heading when the row is gone
  const handleCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    const button = returnTo.current === null ? null : document.getElementById(actionsButtonId(returnTo.current));
    if (button) button.focus();
    else headingRef.current?.focus();
  };

  const handleStarted = (op: SpaceOperation) => setStarted((s) => ({ ...s, [op.spaceId]: op }));

  const handleFinished = useCallback(
    (op: SpaceOperation, space: ConsoleSpace) => {
      const kind = t(`console.operation.${op.kind}`);
      if (op.state === 'done') {
        showSnackbar(t('console.operation.done', { kind, title: space.title }));
        setStarted((s) => {
          const { [op.spaceId]: _finished, ...rest } = s;
          return rest;
        });
      } else {
        showSnackbar(t('console.operation.failedTitle', { kind, title: space.title, error: operationErrorText(op, t) }), { type: 'error' });
      }
      void invalidateSpaceData(queryClient);
    },
    [queryClient, t],
  );

  return (
    <section className="console__section" aria-labelledby="console-spaces-heading">
      <div className="page__header page__header--row">
        <div>
          <h1 id="console-spaces-heading" className="page__title" ref={headingRef} tabIndex={-1}>
            {t('console.spaces.title')}
          </h1>
          <p className="page__subtitle">{t('console.spaces.subtitle')}</p>
        </div>
        <button type="button" className="btn btn--primary" ref={createRef} onClick={() => setCreating(true)}>
          <Icon name="plus" size={18} />
          {t('admin.newSpace')}
        </button>
      </div>

      <div className="console-filters" role="search">
        <div className="search-box search-box--compact console-filters__search">
          <Icon name="search" size={18} />
          <label htmlFor={searchId} className="visually-hidden">
            {t('console.filters.search')}
          </label>
          <input
            id={searchId}
            type="search"
            className="search-box__input"
            placeholder={t('console.filters.search')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
          />
        </div>
        <div className="console-filters__field">
          <label htmlFor={statusId} className="field__label">
            {t('console.columns.status')}
          </label>
          <select id={statusId} className="select" value={status} onChange={(e) => setStatus(isStatus(e.target.value) ? e.target.value : '')}>
            <option value="">{t('console.filters.allStatuses')}</option>
            {SPACE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`console.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="console-filters__field">
          <label htmlFor={clusterId} className="field__label">
            {t('console.placement.cluster')}
          </label>
          <select id={clusterId} className="select" value={cluster} onChange={(e) => setCluster(e.target.value)}>
            <option value="">{t('console.filters.allClusters')}</option>
            {(clusters.data?.clusters ?? []).map((c) => (
              <option key={c.name} value={c.name}>
                {c.reachable ? c.name : t('console.placement.clusterUnreachable', { name: c.name })}
              </option>
            ))}
          </select>
        </div>
      </div>

      {spaces.isPending ? (
        <Loader />
      ) : spaces.isError ? (
        <div className="empty-state" role="alert">
          <Icon name="alert" size={28} />
          <p className="empty-state__title">{apiErrorText(spaces.error, t)}</p>
          <button type="button" className="btn" onClick={() => void spaces.refetch()}>
            <Icon name="refresh" size={18} />
            {t('console.retry')}
          </button>
        </div>
      ) : loaded.length === 0 ? (
        <div className="empty-state">
          <Icon name={filtered ? 'search' : 'building'} size={28} />
          <p className="empty-state__title">{filtered ? t('console.spaces.noMatch') : t('console.spaces.none')}</p>
        </div>
      ) : (
        <div className="console-table__wrap">
          <table className="console-table" aria-labelledby="console-spaces-heading" aria-busy={spaces.isFetching || undefined}>
            <thead>
              <tr>
                <th scope="col">{t('console.columns.space')}</th>
                <th scope="col">{t('console.columns.status')}</th>
                <th scope="col">{t('console.columns.placement')}</th>
                <th scope="col">{t('console.columns.schema')}</th>
                <th scope="col">{t('console.columns.size')}</th>
                <th scope="col">{t('console.columns.members')}</th>
                <th scope="col">{t('console.columns.lastActivity')}</th>
                <th scope="col">{t('console.columns.certificate')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {loaded.map((s) => (
                <SpaceRow
                  key={s.id}
                  space={s}
                  latestSchemaVersion={latest}
                  operation={started[s.id] ?? null}
                  onAction={handleAction}
                  onOperationFinished={handleFinished}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {spaces.isSuccess && total > 0 && (
        <p className="card__footnote" aria-live="polite">
          {t('console.spaces.shown', { shown: formatCount(loaded.length, i18n.language), total: formatCount(total, i18n.language) })}
        </p>
      )}
      {spaces.hasNextPage && (
        <button type="button" className="btn console__more" onClick={() => void spaces.fetchNextPage()} disabled={spaces.isFetchingNextPage}>
          {t('console.spaces.more')}
        </button>
      )}

      <SpaceEditorDialog
        space={null}
        open={creating}
        onOpenChange={setCreating}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          createRef.current?.focus();
        }}
      />
      <ConsoleDialogs
        pending={pending}
        latestSchemaVersion={latest}
        onClose={() => setPending(null)}
        onStarted={handleStarted}
        onCloseAutoFocus={handleCloseAutoFocus}
      />
    </section>
  );
}
