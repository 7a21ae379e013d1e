import { useTranslation } from 'react-i18next';
import { spaceUrl, WWW } from '../lib/host';
import { Icon } from './Icon';

/**
 * Shown when the subdomain names no space ('unknown') or a space its operators suspended
 * ('suspended'): the user can go to the overview of organisations.
 */
export function SpaceUnavailablePage({ reason }: { reason: 'unknown' | 'suspended' }) {
  const { t } = useTranslation();
  const key = reason === 'unknown' ? 'invalidDomain' : 'spaceSuspended';
  return (
    <main className="status-page status-page--standalone" aria-labelledby="status-title">
      <div className="status-page__icon">
        <Icon name={reason === 'unknown' ? 'building' : 'clock'} size={40} />
      </div>
      <h1 id="status-title" className="status-page__title">
        {t(`${key}.title`)}
      </h1>
      <p className="status-page__text">{t(`${key}.text`)}</p>
      <a className="btn btn--primary" href={spaceUrl(WWW)}>
        {t(`${key}.overview`)}
      </a>
    </main>
  );
}
