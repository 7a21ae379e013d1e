import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from './Icon';

interface ErrorPageProps {
  status: number;
  message?: string;
  onBack?: () => void;
}

/** Error page by status (spec §8). */
export function errorPresentation(status: number): { icon: IconName; key: string | null } {
  if (status === 401 || status === 403) return { icon: 'eyeOff', key: 'error.notAuthorized' };
  if (status === 404) return { icon: 'search', key: 'error.notFound' };
  if ([400, 409, 500, 502, 503].includes(status)) return { icon: 'alert', key: 'error.somethingWrong' };
  return { icon: 'alert', key: null };
}

export function ErrorPage({ status, message, onBack }: ErrorPageProps) {
  const { t } = useTranslation();
  const { icon, key } = errorPresentation(status);
  const text = key ? t(key) : message || t('error.somethingWrong');
  const handleBack = () => {
    if (onBack) onBack();
    else window.history.back();
  };
  return (
    <section className="status-page" aria-labelledby="status-title">
      <div className="status-page__icon">
        <Icon name={icon} size={40} />
      </div>
      {status > 0 && <p className="status-page__code">{status}</p>}
      <h1 id="status-title" className="status-page__title">
        {text}
      </h1>
      <button type="button" className="btn btn--primary" onClick={handleBack}>
        <Icon name="arrowLeft" size={18} />
        {t('common.back')}
      </button>
    </section>
  );
}
