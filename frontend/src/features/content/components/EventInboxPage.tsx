import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import type { ImportantChange } from '@/lib/api-types.gen';
import { formatDate } from '@/lib/dates';
import { CHANGES_PAGE_SIZE, useImportantChanges } from '../api/getImportantChanges';
import '../content.css';

/** Reader path of a changed guideline language; those of shared collections name their space. */
const changePath = (c: ImportantChange) => `/guideline/${c.guidelineId}/${c.language}${c.shared ? `?space=${c.spaceId}` : ''}`;

/** /eventinbox and /eventinbox/{preselectedItemId}: important changes of the guidelines the caller may read, list and detail. */
export function EventInboxPage() {
  const { t, i18n } = useTranslation();
  const { itemId } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const changes = useImportantChanges((page - 1) * CHANGES_PAGE_SIZE);

  if (changes.isError) return <QueryErrorPage error={changes.error} />;
  if (changes.isPending) return <Loader />;
  const { items, total } = changes.data;
  const pages = Math.ceil(total / CHANGES_PAGE_SIZE);
  const selected = items.find((c) => c.id === itemId);
  const query = page > 1 ? `?page=${page}` : '';

  return (
    <div className="page">
      <div className="page__header">
        <h1 className="page__title">{t('eventInbox.title')}</h1>
        <p className="muted">{t('eventInbox.lead')}</p>
      </div>
      {total === 0 ? (
        <section className="card empty-state">
          <Icon name="bell" size={32} />
          <p className="empty-state__title">{t('eventInbox.emptyTitle')}</p>
          <p className="empty-state__text">{t('eventInbox.emptyText')}</p>
        </section>
      ) : (
        <div className="inbox">
          <section className="card inbox__list" aria-label={t('eventInbox.list')} aria-busy={changes.isFetching}>
            <ul>
              {items.map((c) => (
                <li key={c.id}>
                  <Link to={`/eventinbox/${encodeURIComponent(c.id)}${query}`} className="inbox__item" aria-current={c.id === itemId ? 'true' : undefined}>
                    <span className="inbox__title" lang={c.language}>
                      {c.title}
                    </span>
                    <span className="inbox__meta">
                      {c.language.toUpperCase()} · <time dateTime={c.published}>{formatDate(c.published, i18n.language)}</time>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {pages > 1 && (
              <nav className="pager" aria-label={t('results.pages')}>
                <button type="button" className="btn btn--ghost" disabled={page <= 1} onClick={() => setParams(page > 2 ? { page: String(page - 1) } : {})}>
                  {t('results.previous')}
                </button>
                <span>{t('eventInbox.page', { page, pages })}</span>
                <button type="button" className="btn btn--ghost" disabled={page >= pages} onClick={() => setParams({ page: String(page + 1) })}>
                  {t('results.next')}
                </button>
              </nav>
            )}
          </section>
          <section className="card inbox__detail" aria-live="polite">
            {selected ? (
              <Detail change={selected} />
            ) : (
              <p className="muted">{itemId === undefined ? t('eventInbox.choose') : t('eventInbox.gone')}</p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

function Detail({ change: c }: { change: ImportantChange }) {
  const { t, i18n } = useTranslation();
  return (
    <article aria-labelledby="change-title">
      <h2 id="change-title" className="card__title" lang={c.language}>
        {c.title}
      </h2>
      <p className="muted">
        {c.shared ? `${c.collectionTitle} · ${c.spaceTitle}` : c.collectionTitle} · {c.language.toUpperCase()} ·{' '}
        {t('eventInbox.published', { date: formatDate(c.published, i18n.language) })}
      </p>
      <h3 className="inbox__label">{t('eventInbox.comment')}</h3>
      <p className="inbox__comment" lang={c.language}>
        {c.comment || t('eventInbox.noComment')}
      </p>
      <Link to={changePath(c)} className="btn btn--primary">
        <Icon name="book" size={18} />
        {t('eventInbox.open')}
      </Link>
    </article>
  );
}
