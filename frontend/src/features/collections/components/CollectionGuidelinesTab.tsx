import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { SearchBox } from '@/components/SearchBox';
import { LanguageBadge, StateChips } from '@/components/StateChips';
import { formatDate } from '@/lib/dates';
import { displayName } from '@/lib/types';
import { useCollectionGuidelines } from '../api/getCollectionGuidelines';
import { filterGuidelines, guidelineTitle } from '../guidelineRows';

/** The guidelines of a collection: each language with its states, the author and the main validator. */
export function CollectionGuidelinesTab({ collectionId }: { collectionId: number }) {
  const { t, i18n } = useTranslation();
  const guidelines = useCollectionGuidelines(collectionId);
  const [filter, setFilter] = useState('');

  if (guidelines.isError) return <QueryErrorPage error={guidelines.error} />;
  const visible = guidelines.data ? filterGuidelines(guidelines.data, filter) : [];

  return (
    <section className="card" aria-labelledby="collection-guidelines-heading">
      <div className="card__toolbar">
        <h2 id="collection-guidelines-heading" className="card__title">
          {t('collections.guidelines.title')}
          {guidelines.data && <span className="card__count">{guidelines.data.length}</span>}
        </h2>
        <SearchBox value={filter} onChange={setFilter} placeholder={t('collections.guidelines.filter')} />
      </div>
      {guidelines.isPending ? (
        <Loader />
      ) : visible.length === 0 ? (
        <div className="empty-state">
          <Icon name="search" size={28} />
          <p className="empty-state__title">{t('common.noItems')}</p>
        </div>
      ) : (
        <ul className="collection-guidelines" aria-label={t('collections.guidelines.title')}>
          {visible.map((g) => (
            <li key={g.id} className="collection-guideline" data-guideline={g.id}>
              <div className="collection-guideline__head">
                <span className="collection-guideline__title">{guidelineTitle(g) || t('collections.guidelines.untitled', { id: g.id })}</span>
                <span className="collection-guideline__people">
                  {t('collections.guidelines.author', { name: displayName(g.author) })}
                  {g.mainValidator && <> · {t('collections.guidelines.mainValidator', { name: displayName(g.mainValidator) })}</>}
                </span>
              </div>
              {g.languages.length === 0 ? (
                <p className="collection-guideline__empty">{t('collections.guidelines.noVersion')}</p>
              ) : (
                <ul className="collection-guideline__languages">
                  {g.languages.map((l) => (
                    <li key={l.language} className="collection-guideline__language">
                      <LanguageBadge language={l.language} />
                      <Link to={`/guidelines/guideline/${g.id}/${l.language}`} className="collection-guideline__link">
                        {l.title}
                      </Link>
                      <StateChips states={l.states} />
                      <Link to={`/acknowledgements/${g.id}/${l.language}`} className="collection-guideline__acknowledgements">
                        {t('acknowledgements.open')}
                      </Link>
                      {l.validUntil && (
                        <span className="collection-guideline__valid">
                          {t('collections.guidelines.validUntil', { date: formatDate(l.validUntil, i18n.language) })}
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
