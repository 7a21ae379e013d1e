import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import type { ReaderGuideline } from '@/lib/api-types.gen';
import { LANGUAGE_NAMES, isLanguage } from '@/lib/language';
import { readerPath } from '../route';

/** "This translation may no longer be up to date", with a link to the source language, when the server says so. */
export function OutdatedTranslationNotice({ guideline: g, space }: { guideline: ReaderGuideline; space: number | null }) {
  const { t } = useTranslation();
  const source = g.translationOutdated?.sourceLanguage;
  if (!source || !isLanguage(source)) return null;
  return (
    <p className="notice notice--warning" role="status" data-notice="translationOutdated">
      <Icon name="info" size={20} />
      <span>
        {t('reader.translationOutdated.text')}{' '}
        <Link to={readerPath(g.id, source, null, space)} lang={source}>
          {t('reader.translationOutdated.link', { language: LANGUAGE_NAMES[source] })}
        </Link>
      </span>
    </p>
  );
}
