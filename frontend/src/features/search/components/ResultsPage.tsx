import { useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ChangedChip } from '@/components/ChangedChip';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { errorStatus, loginUrl } from '@/lib/api';
import type { Changed as ChangedSinceRead, Metadata } from '@/lib/api-types.gen';
import { apiErrorText } from '@/lib/apiErrors';
import { useChangedSinceRead } from '@/lib/endpoints/getChangedSinceRead';
import { useProfile } from '@/lib/endpoints/getProfile';
import { DEFAULT_LANGUAGE, isLanguage } from '@/lib/language';
import { textIn } from '@/lib/texts';
import { isSignedIn, type Space } from '@/lib/types';
import { useSearchMetadata } from '../api/getSearchMetadata';
import { useSearch, type SearchResponse, type SearchResult } from '../api/search';
import { Highlight } from '../highlight';
import {
  guidelinePath,
  MAX_QUERY,
  PAGE_SIZE,
  pageCount,
  parseSearchParams,
  resultsPath,
  toggleCollection,
  toggleOption,
  toSearchParams,
  toSearchRequest,
  type SearchState,
} from '../searchState';
import '../search.css';

/** /results?query=…: the hits the caller may read, with filters by collection and metadata, paged by ten. */
export function ResultsPage({ space }: { space: Space }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = parseSearchParams(params);
  const request = toSearchRequest(state, isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
  const hasQuery = state.query.trim() !== '';
  const results = useSearch(request, hasQuery);
  const update = (next: SearchState) => setParams(toSearchParams(next));

  return (
    <div className="page">
      <div className="page__header">
        <h1 className="page__title">{t('results.title')}</h1>
      </div>
      <QueryForm key={state.query} query={state.query} onSearch={(query) => update({ ...state, query, page: 1 })} />
      {!hasQuery ? (
        <section className="card empty-state">
          <Icon name="search" size={32} />
          <p className="empty-state__title">{t('results.emptyQueryTitle')}</p>
          <p className="empty-state__text">{t('results.emptyQueryText')}</p>
        </section>
      ) : results.isError && !results.data ? (
        <section className="card empty-state" role="alert">
          <Icon name="alert" size={32} />
          <p className="empty-state__title">{t('results.errorTitle')}</p>
          <p className="empty-state__text">{errorStatus(results.error) === 400 ? apiErrorText(results.error, t) : t('results.errorText')}</p>
          {(state.collections.length > 0 || Object.keys(state.metadata).length > 0) && (
            <button type="button" className="btn btn--ghost" onClick={() => update({ ...state, collections: [], metadata: {}, page: 1 })}>
              {t('results.clearFilters')}
            </button>
          )}
        </section>
      ) : !results.data ? (
        <Loader />
      ) : (
        <Results space={space} state={state} data={results.data} fetching={results.isFetching} onChange={update} />
      )}
    </div>
  );
}

function QueryForm({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(query);
  const id = useId();
  return (
    <form
      className="results__form"
      role="search"
      aria-label={t('results.formLabel')}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('search.label')}
      </label>
      <input id={id} type="search" className="input" maxLength={MAX_QUERY} value={text} placeholder={t('search.placeholder')} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="btn btn--primary">
        <Icon name="search" size={18} />
        {t('search.submit')}
      </button>
    </form>
  );
}

interface ResultsProps {
  space: Space;
  state: SearchState;
  data: SearchResponse;
  fetching: boolean;
  onChange: (next: SearchState) => void;
}

function Results({ space, state, data, fetching, onChange }: ResultsProps) {
  const { t } = useTranslation();
  const changed = useChangedSinceRead(isSignedIn(useProfile().data)).data;
  const pages = pageCount(data.filteredHits);
  // a page beyond the hits (an old link) goes back to the last one
  useEffect(() => {
    if (!fetching && pages > 0 && state.page > pages) onChange({ ...state, page: pages });
  }, [fetching, pages, state, onChange]);

  return (
    <div className="results">
      <Filters space={space} state={state} data={data} onChange={onChange} />
      <section aria-labelledby="results-summary" aria-busy={fetching}>
        <p id="results-summary" className="results__summary" role="status">
          {t('results.summary', { filtered: data.filteredHits, total: data.totalHits, took: data.took })}
        </p>
        {data.suggestion && <Suggestion query={state.query} suggestion={data.suggestion} corrected={data.corrected} />}
        {data.results.length === 0 ? (
          <div className="card empty-state">
            <Icon name="search" size={32} />
            <p className="empty-state__title">{t('results.noneTitle', { query: state.query })}</p>
            {data.totalHits > 0 && <p className="empty-state__text">{t('results.filteredOut', { count: data.totalHits })}</p>}
            {data.unseen.expired > 0 && <p className="empty-state__text">{t('results.expired', { count: data.unseen.expired })}</p>}
            {data.unseen.hidden > 0 && <p className="empty-state__text">{t('results.hidden', { count: data.unseen.hidden })}</p>}
            {data.signIn && (
              <a href={loginUrl(`/results?${toSearchParams(state).toString()}`)} className="btn btn--primary">
                {t('results.signIn')}
              </a>
            )}
            <p className="empty-state__text">{t('results.noneText')}</p>
          </div>
        ) : (
          <ol className="results__list" start={(state.page - 1) * PAGE_SIZE + 1}>
            {data.results.map((r) => (
              <Hit
                key={`${r.spaceId}-${r.guidelineId}-${r.language}`}
                result={r}
                currentSpaceId={space.id}
                changed={r.spaceId === space.id ? changed?.get(`${r.guidelineId}/${r.language}`) : undefined}
              />
            ))}
          </ol>
        )}
        {pages > 1 && <Pager page={state.page} pages={pages} onPage={(page) => onChange({ ...state, page })} />}
      </section>
    </div>
  );
}

/** "Meinten Sie …?": the query with its unknown words corrected, as a link; said first when the results are the correction's. */
export function Suggestion({ query, suggestion, corrected }: { query: string; suggestion: string; corrected: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="results__suggestion">
      {corrected && <span>{t('results.corrected', { query, suggestion })} </span>}
      <Trans i18nKey="results.didYouMean" values={{ suggestion }} components={{ query: <Link to={resultsPath(suggestion)} /> }} />
    </p>
  );
}

function Hit({ result: r, currentSpaceId, changed }: { result: SearchResult; currentSpaceId: number; changed?: ChangedSinceRead }) {
  const { t, i18n } = useTranslation();
  const path = (lang: string, detailId?: number) => guidelinePath(r.guidelineId, lang, r.spaceId, currentSpaceId, detailId);
  return (
    <li className="card search-hit">
      <h2 className="search-hit__title">
        <Link to={path(r.language)} lang={r.language}>
          <Highlight html={r.titleHighlight || r.title} />
        </Link>
        {changed && <ChangedChip acknowledgementMissing={changed.acknowledgementMissing} />}
        {r.language !== i18n.language && (
          <span className="search-hit__language">{t('results.inLanguage', { language: languageName(r.language, i18n.language) })}</span>
        )}
      </h2>
      <p className="search-hit__meta">
        <span>
          {r.collectionTitle}
          {r.collectionSpaceId !== currentSpaceId && ` · ${r.collectionSpaceTitle}`}
        </span>
        <span className="search-hit__langs" aria-label={t('results.languages')}>
          {r.languages.map((l) => (
            <Link key={l} to={path(l)} lang={l} className={l === r.language ? 'chip' : 'chip chip--muted'}>
              {l.toUpperCase()}
            </Link>
          ))}
        </span>
      </p>
      {r.highlight && (
        <p className="search-hit__text">
          <Highlight html={r.highlight} />
        </p>
      )}
      {r.details.length > 0 && (
        <ul className="search-hit__details">
          {r.details.map((d) => (
            <li key={d.id}>
              <Link to={path(r.language, d.id)}>{d.title || t('results.section')}</Link>
              {d.highlight && (
                <>
                  {' – '}
                  <Highlight html={d.highlight} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function Filters({ space, state, data, onChange }: { space: Space; state: SearchState; data: SearchResponse; onChange: (next: SearchState) => void }) {
  const { t, i18n } = useTranslation();
  // Metadata names come from the space's definitions, which every reader may read, in the UI language.
  const definitions = useSearchMetadata(space.id, data.metadataCounts.length > 0);
  const groups = metadataGroups(definitions.data ?? [], data, state, i18n.language);
  if (data.collectionFilters.length === 0 && groups.length === 0) return <div />;
  return (
    <aside className="card search-filters" aria-label={t('results.filters')}>
      {data.collectionFilters.length > 0 && (
        <fieldset>
          <legend>{t('results.collections')}</legend>
          {data.collectionFilters.map((c) => {
            const key = `${c.spaceId}:${c.collectionId}`;
            return (
              <label key={key}>
                <input type="checkbox" checked={state.collections.includes(key)} onChange={() => onChange(toggleCollection(state, key))} />
                <span>{c.title}</span>
                <span className="search-filters__count">{c.count}</span>
              </label>
            );
          })}
        </fieldset>
      )}
      {groups.map((g) => (
        <fieldset key={g.id}>
          <legend>{g.name}</legend>
          {g.options.map((o) => (
            <label key={o.id}>
              <input type="checkbox" checked={o.checked} onChange={() => onChange(toggleOption(state, String(g.id), String(o.id)))} />
              <span>{o.name}</span>
              <span className="search-filters__count">{o.count}</span>
            </label>
          ))}
        </fieldset>
      ))}
    </aside>
  );
}

/** A language's name in the reader's language ("Französisch"). */
function languageName(language: string, reader: string): string {
  return new Intl.DisplayNames([reader], { type: 'language' }).of(language) ?? language.toUpperCase();
}

interface MetadataGroup {
  id: number;
  name: string;
  options: { id: number; name: string; count: number; checked: boolean }[];
}

/** The metadata filters: the space's definitions in its order, each option with its count; chosen options stay even at zero. */
export function metadataGroups(definitions: Metadata[], data: SearchResponse, state: SearchState, language: string): MetadataGroup[] {
  const counts = new Map(data.metadataCounts.map((c) => [`${c.metadataId}:${c.optionId}`, c.count]));
  return definitions
    .map((m) => ({
      id: m.id,
      name: textIn(m.names, language),
      options: m.options
        .map((o) => ({ id: o.id, name: textIn(o.names, language), count: counts.get(`${m.id}:${o.id}`) ?? 0, checked: (state.metadata[String(m.id)] ?? []).includes(String(o.id)) }))
        .filter((o) => o.count > 0 || o.checked),
    }))
    .filter((g) => g.options.length > 0);
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const first = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => first + i);
  return (
    <nav className="pager" aria-label={t('results.pages')}>
      <button type="button" className="btn btn--ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('results.previous')}
      </button>
      {numbers.map((n) => (
        <button key={n} type="button" className={n === page ? 'btn btn--primary' : 'btn btn--ghost'} aria-current={n === page ? 'page' : undefined} onClick={() => onPage(n)}>
          {n}
        </button>
      ))}
      <button type="button" className="btn btn--ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('results.next')}
      </button>
    </nav>
  );
}
