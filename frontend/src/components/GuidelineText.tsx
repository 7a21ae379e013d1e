import { useTranslation } from 'react-i18next';
import type { Version as GuidelineVersion } from '../lib/api-types.gen';
import { sectionText } from '../lib/diff';

/**
 * The full text of one version: title, description and sections. Section HTML is sanitised
 * by the server on write (allow-list) and rendered as it is, as the reader does.
 */
export function GuidelineText({ version }: { version: Pick<GuidelineVersion, 'title' | 'description' | 'tags' | 'details'> }) {
  const { t } = useTranslation();
  return (
    <article className="guideline-text">
      <h3 className="guideline-text__title">{version.title}</h3>
      {version.description && <p className="guideline-text__description">{version.description}</p>}
      {version.tags.length > 0 && (
        <p className="guideline-text__tags">
          <span className="visually-hidden">{t('diff.tags')}: </span>
          {version.tags.join(', ')}
        </p>
      )}
      {version.details.length === 0 && <p className="muted">{t('diff.noSections')}</p>}
      {version.details.map((d) => (
        <section key={d.id} className="guideline-text__section">
          <h4 className="guideline-text__section-title">{d.title || t('diff.untitled')}</h4>
          {d.extern ? (
            <p className="muted">{t('diff.reference', { target: sectionText(d) })}</p>
          ) : (
            <div className="guideline-text__content" dangerouslySetInnerHTML={{ __html: d.content }} />
          )}
        </section>
      ))}
    </article>
  );
}
