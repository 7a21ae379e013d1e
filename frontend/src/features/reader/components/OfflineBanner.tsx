import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { formatDate, formatDateTime } from '@/lib/dates';
import { ReaderIcon } from './ReaderIcon';

/** Marks a copy kept on the device: when it was read and until when it is valid; an expired one is flagged loudly. */
export function OfflineBanner({ fetchedAt, validUntil, expired }: { fetchedAt: string; validUntil: string | null | undefined; expired: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <p className="reader-banner reader-banner--offline" role="status" data-testid="offline-banner">
        <ReaderIcon name="wifiOff" size={18} />
        <span>
          {t('reader.offlineCopy.copy', { date: formatDateTime(fetchedAt, i18n.language) })}{' '}
          {validUntil ? t('reader.offlineCopy.validUntil', { date: formatDate(validUntil, i18n.language) }) : t('reader.offlineCopy.noExpiry')}
        </span>
      </p>
      {expired && validUntil && (
        <p className="reader-banner reader-banner--expired" role="alert" data-testid="expired-warning">
          <Icon name="alert" size={18} />
          <span>{t('reader.offlineCopy.expired', { date: formatDate(validUntil, i18n.language) })}</span>
        </p>
      )}
    </>
  );
}
