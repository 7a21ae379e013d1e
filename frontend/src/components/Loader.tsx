import { useTranslation } from 'react-i18next';

/** Neutral loader; `fullscreen` is used while the space itself is loading. */
export function Loader({ fullscreen = false }: { fullscreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={fullscreen ? 'loader loader--fullscreen' : 'loader'} role="status" aria-live="polite">
      <span className="loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
