import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../lib/language';
import { useLanguageSwitch } from '../lib/useLanguageSwitch';

export const DOC_LINKS = ['regulatory', 'newsletter', 'help', 'legal', 'privacy', 'disclaimer'] as const;

/** Footer with language selector, static documents per language, and the space-only links. */
export function Footer({ landing = false }: { landing?: boolean }) {
  const { t, i18n } = useTranslation();
  const switchLanguage = useLanguageSwitch();
  const selectId = useId();
  const lang = isLanguage(i18n.language) ? i18n.language : 'de';

  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        <div className="app-footer__lang">
          <label htmlFor={selectId} className="visually-hidden">
            {t('footer.language')}
          </label>
          <select
            id={selectId}
            className="select select--compact"
            value={lang}
            onChange={(e) => {
              if (isLanguage(e.target.value)) switchLanguage(e.target.value);
            }}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
        <nav className="app-footer__links" aria-label={t('footer.documents')}>
          {DOC_LINKS.map((doc) => (
            <a key={doc} href={`/doc/${doc}/${lang}`}>
              {t(`footer.doc.${doc}`)}
            </a>
          ))}
          {!landing && (
            <>
              <Link to="/eventinbox">{t('footer.importantChanges')}</Link>
              <Link to="/releasenotes">{t('footer.releaseNotes')}</Link>
            </>
          )}
        </nav>
        <p className="app-footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
