import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { NotFoundPage } from '@/components/NotFoundPage';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import type { ReleaseNote } from '@/lib/api-types.gen';
import { formatDate } from '@/lib/dates';
import { useReleaseNotes } from '../api/getReleaseNotes';
import '../content.css';

/** /releasenotes and /releasenotes/{tag}: what each release of the product brought. */
export function ReleaseNotesPage() {
  const { t } = useTranslation();
  const { tag } = useParams();
  const notes = useReleaseNotes();

  if (notes.isError) return <QueryErrorPage error={notes.error} />;
  if (notes.isPending) return <Loader />;
  const shown = tag === undefined ? notes.data : notes.data.filter((n) => n.tagName === tag);
  if (tag !== undefined && shown.length === 0) return <NotFoundPage />;
  return (
    <div className="page">
      <div className="page__header">
        {tag !== undefined && (
          <Link to="/releasenotes" className="back-link">
            <Icon name="arrowLeft" size={16} />
            {t('releaseNotes.all')}
          </Link>
        )}
        <h1 className="page__title">{tag ?? t('releaseNotes.title')}</h1>
      </div>
      {shown.length === 0 ? (
        <section className="card empty-state">
          <p className="empty-state__title">{t('common.noItems')}</p>
        </section>
      ) : (
        shown.map((n) => <Note key={n.tagName} note={n} linked={tag === undefined} />)
      )}
    </div>
  );
}

function Note({ note, linked }: { note: ReleaseNote; linked: boolean }) {
  const { i18n } = useTranslation();
  return (
    <article className="card release-note" aria-labelledby={`release-${note.tagName}`}>
      <h2 id={`release-${note.tagName}`} className="card__title">
        {linked ? <Link to={`/releasenotes/${encodeURIComponent(note.tagName)}`}>{note.tagName}</Link> : note.tagName}
        <time className="card__count" dateTime={note.released}>
          {formatDate(note.released, i18n.language)}
        </time>
      </h2>
      {/* the product's own text, sanitised by the server */}
      <div className="release-note__text" lang="en" dangerouslySetInnerHTML={{ __html: note.description }} />
    </article>
  );
}
