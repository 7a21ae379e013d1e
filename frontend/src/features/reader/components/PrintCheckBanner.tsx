import { useTranslation } from 'react-i18next';
import type { ReaderGuideline } from '@/lib/api-types.gen';
import { formatDate } from '@/lib/dates';

/**
 * What a scanned print's QR code leads to (`?print=<version>`): whether the printed version is
 * still the one readers see, else which one is.
 */
export function PrintCheckBanner({ printed, guideline: g }: { printed: number; guideline: ReaderGuideline }) {
  const { t, i18n } = useTranslation();
  if (printed === g.version) {
    return (
      <p className="reader-banner reader-banner--current" role="status" data-print-check="current">
        {t('reader.printCheck.current', { version: printed })}
      </p>
    );
  }
  const since = g.validationDate ?? g.validFrom;
  return (
    <p className="reader-banner reader-banner--expired" role="alert" data-print-check="outdated">
      {t('reader.printCheck.outdated', { version: printed, current: g.version, date: since ? formatDate(since, i18n.language) : '' })}
    </p>
  );
}
