import { useTranslation } from 'react-i18next';
import { spaceUrl, WWW } from '../lib/host';
import { Icon } from './Icon';

/** Shown when the subdomain names no space: the user picks an organisation from the overview. */
export function InvalidDomainPage() {
  const { t } = useTranslation();
  return (
    <main className="status-page status-page--standalone" aria-labelledby="status-title">
      <div className="status-page__icon">
        <Icon name="building" size={40} />
      </div>
      <h1 id="status-title" className="status-page__title">
        {t('invalidDomain.title')}
      </h1>
      <p className="status-page__text">{t('invalidDomain.text')}</p>
      <a className="btn btn--primary" href={spaceUrl(WWW)}>
        {t('invalidDomain.overview')}
      </a>
    </main>
  );
}
