import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { SearchBox } from '@/components/SearchBox';
import { LanguageBadge, StateChips } from '@/components/StateChips';
import { formatDate } from '@/lib/dates';
import { useMyGuidelines } from '@/lib/endpoints/getMyGuidelines';
import { GUIDELINE_STATES } from '@/lib/guidelineStates';
import {
  collectionOptions,
  filterFromParams,
  filterGuidelines,
  filterToParams,
  orderFromParams,
  ROLES,
  sortByEdited,
  type EditedOrder,
  type GuidelineFilter,
} from '../filters';

interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}

function FilterSelect({ label, value, onChange, options }: FilterSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="filter-select">
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="select select--compact" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('guidelines.filter.all', { what: label })}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** My Guidelines (/guidelines): one row per language of the guidelines the caller writes. */
export function MyGuidelinesPage() {
  const { t, i18n } = useTranslation();
  const rows = useMyGuidelines();
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const order = orderFromParams(params);

  if (rows.isError) return <QueryErrorPage error={rows.error} />;

  const update = (next: Partial<GuidelineFilter>, nextOrder: EditedOrder = order) => setParams(filterToParams({ ...filter, ...next }, nextOrder), { replace: true });
  const all = rows.data ?? [];
  const visible = sortByEdited(filterGuidelines(all, filter), order);
  const filtered = visible.length !== all.length;

  return (
    <div className="page">
      <div className="page__header page__header--row">
        <div>
          <h1 className="page__title">{t('nav.myGuidelines')}</h1>
          <p className="page__subtitle">{t('guidelines.subtitle')}</p>
        </div>
        <Link to="/guidelines/guideline/new" className="btn btn--primary">
          <Icon name="plus" size={18} />
          {t('guidelines.new')}
        </Link>
      </div>
      <section className="card" aria-labelledby="my-guidelines-heading">
        <div className="card__toolbar">
          <h2 id="my-guidelines-heading" className="card__title">
            {t('guidelines.title')}
            {rows.data && <span className="card__count">{filtered ? t('guidelines.countFiltered', { n: visible.length, total: all.length }) : all.length}</span>}
          </h2>
          <div className="card__tools filter-bar">
            <SearchBox value={filter.text} onChange={(text) => update({ text })} placeholder={t('guidelines.filter.text')} />
            <FilterSelect
              label={t('guidelines.filter.state')}
              value={filter.state}
              onChange={(state) => update({ state })}
              options={GUIDELINE_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            />
            <FilterSelect
              label={t('guidelines.filter.collection')}
              value={filter.collection}
              onChange={(collection) => update({ collection })}
              options={collectionOptions(all).map((c) => ({ value: String(c.id), label: c.title }))}
            />
            <FilterSelect
              label={t('guidelines.filter.role')}
              value={filter.role}
              onChange={(role) => update({ role })}
              options={ROLES.map((r) => ({ value: r, label: t(`guidelines.role.${r}`) }))}
            />
            {/* the table header (and its sort button) is hidden on narrow screens */}
            <button type="button" className="btn btn--ghost btn--small sort-toggle" onClick={() => update({}, order === 'asc' ? 'desc' : 'asc')}>
              <Icon name={order === 'asc' ? 'arrowUp' : 'arrowDown'} size={16} />
              {order === 'asc' ? t('guidelines.sort.editedOldest') : t('guidelines.sort.editedNewest')}
            </button>
          </div>
        </div>
        {rows.isPending ? (
          <Loader />
        ) : visible.length === 0 ? (
          <div className="empty-state">
            <Icon name="fileText" size={28} />
            <p className="empty-state__title">{t('common.noItems')}</p>
            {all.length === 0 && <p>{t('guidelines.emptyHint')}</p>}
          </div>
        ) : (
          <div className="table-wrap">
            <table className="table rtable gl-table">
              <thead>
                <tr>
                  <th scope="col">{t('guidelines.columns.title')}</th>
                  <th scope="col">{t('guidelines.columns.language')}</th>
                  <th scope="col">{t('guidelines.columns.role')}</th>
                  <th scope="col">{t('guidelines.columns.collection')}</th>
                  <th scope="col">{t('guidelines.columns.states')}</th>
                  <th scope="col" aria-sort={order === 'asc' ? 'ascending' : 'descending'}>
                    <button type="button" className="sort-btn" onClick={() => update({}, order === 'asc' ? 'desc' : 'asc')}>
                      {t('guidelines.columns.edited')}
                      <Icon name={order === 'asc' ? 'arrowUp' : 'arrowDown'} size={14} />
                      <span className="visually-hidden">{order === 'asc' ? t('guidelines.sort.oldestFirst') : t('guidelines.sort.newestFirst')}</span>
                    </button>
                  </th>
                  <th scope="col">{t('guidelines.columns.validUntil')}</th>
                </tr>
              </thead>
              <tbody>
                {visible.map((r) => (
                  <tr key={`${r.id}-${r.language}`} data-guideline={r.id} data-language={r.language}>
                    <td className="rtable__main">
                      {r.language ? (
                        <Link to={`/guidelines/guideline/${r.id}/${r.language}`} className="gl-table__title">
                          {r.title}
                        </Link>
                      ) : (
                        // created, but no language saved yet: the editor starts the first one
                        <Link to={`/guidelines/guideline/${r.id}/de/edit`} className="gl-table__title">
                          {t('guidelines.noLanguageYet', { id: r.id })}
                        </Link>
                      )}
                    </td>
                    <td data-label={t('guidelines.columns.language')}>{r.language ? <LanguageBadge language={r.language} /> : '–'}</td>
                    <td data-label={t('guidelines.columns.role')}>{t(`guidelines.role.${r.role}`, { defaultValue: r.role })}</td>
                    <td data-label={t('guidelines.columns.collection')}>{r.collection}</td>
                    <td data-label={t('guidelines.columns.states')}>
                      <StateChips states={r.states} />
                    </td>
                    <td data-label={t('guidelines.columns.edited')} className="nowrap">
                      {formatDate(r.edited, i18n.language)}
                    </td>
                    <td data-label={t('guidelines.columns.validUntil')} className="nowrap">
                      {r.validUntil ? formatDate(r.validUntil, i18n.language) : '–'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
