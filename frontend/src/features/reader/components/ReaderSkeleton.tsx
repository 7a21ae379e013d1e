import { useTranslation } from 'react-i18next';

/** Placeholder of the reader while the guideline loads. */
export function ReaderSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="reader reader--loading" aria-busy="true" aria-live="polite">
      <span className="visually-hidden">{t('reader.loading')}</span>
      <div className="skeleton skeleton--title" />
      <div className="skeleton skeleton--chips" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="reader-section">
          <div className="skeleton skeleton--heading" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </div>
      ))}
    </div>
  );
}
