import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

/** Not Found page; `standalone` when rendered outside the shell (landing site, /doc/…). */
export function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const Wrapper = standalone ? 'main' : 'section';
  return (
    <Wrapper className={standalone ? 'status-page status-page--standalone' : 'status-page'} aria-labelledby="status-title">
      <div className="status-page__icon">
        <Icon name="search" size={40} />
      </div>
      <p className="status-page__code">404</p>
      <h1 id="status-title" className="status-page__title">
        {t('error.notFound')}
      </h1>
      <a className="btn btn--primary" href="/">
        <Icon name="home" size={18} />
        {t('nav.home')}
      </a>
    </Wrapper>
  );
}
