import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { LanguageBadge } from '@/components/StateChips';
import { formatDateTime } from '@/lib/dates';
import { useNotes } from '../api/getNotes';

/** Notes left on the guideline, newest first; read only. */
export function NotesTab({ guidelineId }: { guidelineId: number }) {
  const { t, i18n } = useTranslation();
  const notes = useNotes(guidelineId);
  if (notes.isError) return <QueryErrorPage error={notes.error} />;
  const sorted = notes.data ? [...notes.data].sort((a, b) => b.created.localeCompare(a.created)) : [];
  return (
    <section className="card" aria-labelledby="notes-heading">
      <h2 id="notes-heading" className="card__title card__title--gap">
        {t('guidelines.tabs.notes')}
      </h2>
      {notes.isPending ? (
        <Loader />
      ) : sorted.length === 0 ? (
        <div className="empty-state">
          <Icon name="fileText" size={28} />
          <p className="empty-state__title">{t('common.noItems')}</p>
        </div>
      ) : (
        <ol className="timeline" aria-labelledby="notes-heading">
          {sorted.map((n) => (
            <li key={n.id} className="timeline__item" data-note-id={n.id}>
              <span className="timeline__icon" aria-hidden="true">
                <Icon name="edit" size={18} />
              </span>
              <div className="timeline__body">
                <p className="timeline__meta">
                  <LanguageBadge language={n.language} /> <time dateTime={n.created}>{formatDateTime(n.created, i18n.language)}</time>
                  {n.author && ` · ${n.author}`}
                </p>
                <blockquote className="timeline__comment">{n.content}</blockquote>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
