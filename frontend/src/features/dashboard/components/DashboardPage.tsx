import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { LanguageBadge, StateChips } from '@/components/StateChips';
import { formatDate } from '@/lib/dates';
import { useMyGuidelines } from '@/lib/endpoints/getMyGuidelines';
import { useMyValidations } from '@/lib/endpoints/getMyValidations';
import { useNavigation } from '@/lib/endpoints/getNavigation';
import type { Space } from '@/lib/types';
import { DASHBOARD_LIST_SIZE, guidelinesNeedingAction, validationsByUrgency } from '../tasks';

function OpenValidations() {
  const { t, i18n } = useTranslation();
  const validations = useMyValidations();
  const list = validationsByUrgency(validations.data ?? []);
  return (
    <section className="card" aria-labelledby="dash-validations">
      <div className="card__toolbar">
        <h2 id="dash-validations" className="card__title">
          {t('dashboard.openValidations')}
          {validations.data && <span className="card__count">{list.length}</span>}
        </h2>
        <Link to="/validations" className="btn btn--ghost btn--small">
          {t('dashboard.showAll')}
          <Icon name="chevronRight" size={16} />
        </Link>
      </div>
      {validations.isError ? (
        <p className="form-error" role="alert">
          {t('error.somethingWrong')}
        </p>
      ) : validations.isPending ? (
        <Loader />
      ) : list.length === 0 ? (
        <p className="muted">{t('common.noItems')}</p>
      ) : (
        <ul className="link-rows">
          {list.slice(0, DASHBOARD_LIST_SIZE).map((v) => (
            <li key={v.revision}>
              <Link to={`/validations/${v.guidelineId}/${v.language}?collection=${v.collectionId}`} className={v.read ? 'link-row link-row--wrap' : 'link-row link-row--wrap link-row--unread'} data-revision={v.revision}>
                <Icon name="checkCircle" />
                <span className="link-row__text">
                  <span className="link-row__title">{v.guidelineTitle}</span>
                  <span className="link-row__meta">
                    {v.collectionTitle} · {t('validations.requestedOn', { date: formatDate(v.timestampCreated, i18n.language) })}
                  </span>
                </span>
                <LanguageBadge language={v.language} />
                <span className={v.kind === 'renew' ? 'state-chip' : 'state-chip state-chip--info'}>{t(`validations.kind.${v.kind}`, { defaultValue: v.kind })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function GuidelinesNeedingAction() {
  const { t } = useTranslation();
  const rows = useMyGuidelines();
  const list = guidelinesNeedingAction(rows.data ?? []);
  return (
    <section className="card" aria-labelledby="dash-guidelines">
      <div className="card__toolbar">
        <h2 id="dash-guidelines" className="card__title">
          {t('dashboard.guidelinesNeedingAction')}
          {rows.data && <span className="card__count">{list.length}</span>}
        </h2>
        <Link to="/guidelines" className="btn btn--ghost btn--small">
          {t('dashboard.showAll')}
          <Icon name="chevronRight" size={16} />
        </Link>
      </div>
      {rows.isError ? (
        <p className="form-error" role="alert">
          {t('error.somethingWrong')}
        </p>
      ) : rows.isPending ? (
        <Loader />
      ) : list.length === 0 ? (
        <p className="muted">{t('common.noItems')}</p>
      ) : (
        <ul className="link-rows">
          {list.slice(0, DASHBOARD_LIST_SIZE).map((g) => (
            <li key={`${g.id}-${g.language}`}>
              <Link to={`/guidelines/guideline/${g.id}/${g.language}`} className="link-row link-row--wrap" data-guideline={g.id}>
                <Icon name="fileText" />
                <span className="link-row__text">
                  <span className="link-row__title">{g.title}</span>
                  <span className="link-row__meta">{g.collection}</span>
                </span>
                <LanguageBadge language={g.language} />
                <StateChips states={g.states.filter((s) => ['rejected', 'expiring', 'expired'].includes(s))} />
              </Link>
            </li>
          ))}
          {list.length > DASHBOARD_LIST_SIZE && <li className="link-rows__more">{t('dashboard.more', { n: list.length - DASHBOARD_LIST_SIZE })}</li>}
        </ul>
      )}
    </section>
  );
}

/** Dashboard (/dashboard): the caller's tasks in this space, one list per kind with its count, the total once above. */
export function DashboardPage({ space }: { space: Space }) {
  const { t } = useTranslation();
  const nav = useNavigation();
  if (nav.isError) return <QueryErrorPage error={nav.error} />;
  if (nav.isPending) return <Loader />;
  const n = nav.data;
  const nothing = !n.validator && !n.spaceMember && !n.spaceAdmin;

  return (
    <div className="page">
      <div className="page__header">
        <h1 className="page__title">{t('nav.dashboard')}</h1>
        <p className="page__subtitle">{n.dashboardTasks > 0 ? t('dashboard.subtitle', { n: n.dashboardTasks }) : t('dashboard.allDone')}</p>
      </div>
      {nothing ? (
        <section className="card">
          <div className="empty-state">
            <Icon name="checkCircle" size={28} />
            <p className="empty-state__title">{t('common.noItems')}</p>
            <p>{t('dashboard.noRoles')}</p>
          </div>
        </section>
      ) : (
        <>
          {n.validator && <OpenValidations />}
          {n.spaceMember && <GuidelinesNeedingAction />}
          {n.spaceAdmin && (
            <section className="card" aria-labelledby="dash-requests">
              <div className="card__toolbar">
                <h2 id="dash-requests" className="card__title">
                  {t('dashboard.membershipRequests')}
                  <span className="card__count">{n.spaceAdminTasks}</span>
                </h2>
              </div>
              <Link to={`/spaces/${space.id}/requests`} className="btn btn--ghost">
                <Icon name="users" size={18} />
                {t('dashboard.openRequests')}
              </Link>
            </section>
          )}
        </>
      )}
    </div>
  );
}
