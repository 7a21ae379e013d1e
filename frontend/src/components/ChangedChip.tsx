import { useTranslation } from 'react-i18next';

/** The "changed" marker of a guideline language the reader read before it changed; says so in full to screen readers. */
export function ChangedChip({ acknowledgementMissing = false }: { acknowledgementMissing?: boolean }) {
  const { t } = useTranslation();
  const full = acknowledgementMissing ? t('acknowledgements.changedMissing') : t('acknowledgements.changedFull');
  return (
    <span className={`chip chip--changed${acknowledgementMissing ? ' chip--warning' : ''}`} title={full} data-testid="changed-chip">
      <span aria-hidden="true">{t('acknowledgements.changed')}</span>
      <span className="visually-hidden">{full}</span>
    </span>
  );
}
