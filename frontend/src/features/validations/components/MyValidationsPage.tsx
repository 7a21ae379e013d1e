import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { LanguageBadge } from '@/components/StateChips';
import { apiErrorText } from '@/lib/apiErrors';
import type { Validation } from '@/lib/api-types.gen';
import { formatDate } from '@/lib/dates';
import { useMyValidations } from '@/lib/endpoints/getMyValidations';
import { seenRevision, useUpdateValidationSeen } from '../api/updateValidationSeen';

/** Link of the validation page of a request (spec §2), with its collection as the optional query. */
export const validationPath = (v: Pick<Validation, 'guidelineId' | 'language' | 'collectionId'>) =>
  `/validations/${v.guidelineId}/${v.language}?collection=${v.collectionId}`;

/** My Validations (/validations): open requests the caller is to answer; unread ones in bold. */
export function MyValidationsPage() {
  const { t, i18n } = useTranslation();
  const validations = useMyValidations();
  const seen = useUpdateValidationSeen();

  if (validations.isError) return <QueryErrorPage error={validations.error} />;
  const list = validations.data ?? [];
  const unread = list.filter((v) => !v.read);

  return (
    <div className="page">
      <div className="page__header">
        <h1 className="page__title">{t('nav.myValidations')}</h1>
        <p className="page__subtitle">{t('validations.subtitle')}</p>
      </div>
      <section className="card" aria-labelledby="my-validations-heading">
        <div className="card__toolbar">
          <h2 id="my-validations-heading" className="card__title">
            {t('validations.open')}
            {validations.data && <span className="card__count">{list.length}</span>}
            {unread.length > 0 && <span className="badge card__badge">{t('validations.unreadCount', { n: unread.length })}</span>}
          </h2>
          {unread.length > 0 && (
            <button type="button" className="btn btn--ghost btn--small" disabled={seen.isPending} onClick={() => seen.mutate({ revisions: unread.map(seenRevision), read: true })}>
              <Icon name="check" size={16} />
              {t('validations.markAllRead')}
            </button>
          )}
        </div>
        {seen.error && (
          <p className="form-error" role="alert">
            {apiErrorText(seen.error, t)}
          </p>
        )}
        {validations.isPending ? (
          <Loader />
        ) : list.length === 0 ? (
          <div className="empty-state">
            <Icon name="checkCircle" size={28} />
            <p className="empty-state__title">{t('common.noItems')}</p>
            <p>{t('validations.empty')}</p>
          </div>
        ) : (
          <ul className="val-rows">
            {list.map((v) => (
              <li key={v.revision} className={v.read ? 'val-row' : 'val-row val-row--unread'} data-revision={v.revision} data-read={v.read}>
                <span className="val-row__dot" aria-hidden="true" />
                <div className="val-row__text">
                  <Link to={validationPath(v)} className="val-row__title">
                    {v.guidelineTitle}
                    {!v.read && <span className="visually-hidden"> ({t('validations.unread')})</span>}
                  </Link>
                  <span className="val-row__meta">
                    <LanguageBadge language={v.language} />
                    <span>{v.collectionTitle}</span>
                    <span>{t('validations.requestedOn', { date: formatDate(v.timestampCreated, i18n.language) })}</span>
                  </span>
                </div>
                <div className="val-row__chips">
                  <span className={v.kind === 'renew' ? 'state-chip' : 'state-chip state-chip--info'}>{t(`validations.kind.${v.kind}`, { defaultValue: v.kind })}</span>
                  {v.progress === 'inValidation' && <span className="state-chip state-chip--info">{t('states.inValidation')}</span>}
                </div>
                <button
                  type="button"
                  className="icon-btn"
                  disabled={seen.isPending}
                  aria-label={v.read ? t('validations.markUnreadFor', { title: v.guidelineTitle }) : t('validations.markReadFor', { title: v.guidelineTitle })}
                  title={v.read ? t('validations.markUnread') : t('validations.markRead')}
                  onClick={() => seen.mutate({ revisions: [seenRevision(v)], read: !v.read })}
                >
                  <Icon name={v.read ? 'mail' : 'mailOpen'} size={18} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
