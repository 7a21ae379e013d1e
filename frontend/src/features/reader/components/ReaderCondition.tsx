import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon, type IconName } from '@/components/Icon';
import { loginUrl } from '@/lib/api';
import { formatDate } from '@/lib/dates';
import { LANGUAGE_NAMES, isLanguage } from '@/lib/language';
import type { ReaderCondition as Condition } from '../conditions';
import { readerPath } from '../route';

const icons: Record<Condition['kind'], IconName> = {
  notFound: 'search',
  notPublished: 'clock',
  archived: 'archive',
  expired: 'alert',
  offline: 'eyeOff',
  forbidden: 'shield',
  unavailable: 'refresh',
  support: 'alert',
};

/** Why a guideline cannot be shown (spec §4), with what the reader can do about it. */
export function ReaderConditionView({
  condition,
  id,
  space,
  onRetry,
}: {
  condition: Condition;
  id: number;
  space: number | null;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const date = condition.validUntil ? formatDate(condition.validUntil, i18n.language) : '';
  const others = condition.languages.filter(isLanguage);
  return (
    <section className="card reader-condition" role="alert" aria-labelledby="reader-condition-title" data-condition={condition.kind}>
      <Icon name={icons[condition.kind]} size={40} className="reader-condition__icon" />
      <h1 id="reader-condition-title" className="page__title">
        {t(`reader.condition.${condition.kind}.title`)}
      </h1>
      <p className="card__text">{t(`reader.condition.${condition.kind}.text`, { date })}</p>
      {condition.kind === 'forbidden' && <p className="card__text">{t(`reader.action.${condition.action}.text`)}</p>}
      {others.length > 0 && (
        <p className="reader-condition__languages">
          {t('reader.condition.otherLanguages')}{' '}
          {others.map((l) => (
            <Link key={l} className="chip" to={readerPath(id, l, null, space)}>
              {LANGUAGE_NAMES[l]}
            </Link>
          ))}
        </p>
      )}
      <div className="page__actions">
        {condition.action === 'signIn' && (
          <a className="btn btn--primary" href={loginUrl(location.pathname + location.search)}>
            <Icon name="login" size={18} />
            {t('reader.action.signIn.button')}
          </a>
        )}
        {condition.action === 'requestMembership' && (
          <Link className="btn btn--primary" to="/">
            <Icon name="users" size={18} />
            {t('reader.action.requestMembership.button')}
          </Link>
        )}
        {condition.action === 'retry' && (
          <button type="button" className="btn btn--primary" onClick={onRetry}>
            <Icon name="refresh" size={18} />
            {t('reader.action.retry')}
          </button>
        )}
        {condition.mayEdit && (
          <Link className="btn btn--ghost" to={`/guidelines/guideline/${id}`}>
            <Icon name="edit" size={18} />
            {t('reader.manage')}
          </Link>
        )}
        <Link className="btn btn--ghost" to="/">
          <Icon name="home" size={18} />
          {t('reader.action.home')}
        </Link>
      </div>
    </section>
  );
}
