import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { SpaceSearch } from '@/components/SpacePicker';
import { apiErrorText } from '@/lib/apiErrors';
import { mergeLandingPages, useLandingPages } from '@/lib/endpoints/getLandingPage';
import { showSnackbar } from '@/lib/snackbar';
import type { SpaceOption, SpaceSearchHook } from '@/lib/spaceSearch';
import { useNationalSpaceSearch, useRegionalSpaceSearch } from '../api/searchLandingLists';
import { useUpdateLandingPage } from '../api/updateLandingPage';

export function move<T>(list: T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= list.length) return list;
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** The edited list: the spaces moved or brought up, then the loaded ones not among them, in the server's order. */
export function shownOrder<T extends { id: number }>(edited: T[], loaded: T[]): T[] {
  const ids = new Set(edited.map((s) => s.id));
  return [...edited, ...loaded.filter((s) => !ids.has(s.id))];
}

/**
 * The spaces to send so that the server (the listed spaces lead, the others follow in their
 * order) arrives at `shown`: all but the longest tail that is already in the loaded order and
 * holds no space brought up from further down. Untouched spaces are not named, so those that
 * share a position keep sorting by title.
 */
export function orderHead(shown: readonly number[], loaded: readonly number[]): number[] {
  const rank = new Map(loaded.map((id, i) => [id, i]));
  let start = shown.length;
  while (start > 0) {
    const here = rank.get(shown[start - 1]);
    const next = start < shown.length ? rank.get(shown[start]) : Infinity;
    if (here === undefined || next === undefined || here >= next) break;
    start--;
  }
  return shown.slice(0, start);
}

/** Order of the two landing-page lists, set by the super admin, a loaded page at a time. */
export function LandingOrder() {
  const { t } = useTranslation();
  const landing = useLandingPages('');
  // the lists as edited (empty: as loaded); a space brought up from further down is not loaded
  const [national, setNational] = useState<SpaceOption[]>([]);
  const [regional, setRegional] = useState<SpaceOption[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const save = useUpdateLandingPage();

  if (landing.isPending) return <Loader />;
  if (landing.isError) return <p className="form-error">{apiErrorText(landing.error, t)}</p>;

  const page = mergeLandingPages(landing.data.pages);
  const loadedNational = page?.nationalSpaces ?? [];
  const loadedRegional = page?.spaces ?? [];
  const shownNational = shownOrder<SpaceOption>(national, loadedNational);
  const shownRegional = shownOrder<SpaceOption>(regional, loadedRegional);
  const ids = (list: SpaceOption[]) => list.map((s) => s.id);
  const order = {
    nationalSpaces: orderHead(ids(shownNational), ids(loadedNational)),
    spaces: orderHead(ids(shownRegional), ids(loadedRegional)),
  };
  const dirty = order.nationalSpaces.length > 0 || order.spaces.length > 0;

  const discard = () => {
    setNational([]);
    setRegional([]);
  };
  const handleSave = () =>
    save.mutate(order, {
      onSuccess: () => {
        discard();
        showSnackbar(t('admin.orderSaved'));
      },
      onError: (e) => showSnackbar(apiErrorText(e, t) ?? t('error.somethingWrong'), { type: 'error' }),
    });

  return (
    <div className="order">
      <div className="order__lists">
        <OrderList
          title={t('landing.nationalOrganizations')}
          items={shownNational}
          total={page?.nationalTotal ?? 0}
          useSearch={useNationalSpaceSearch}
          onChange={setNational}
          onAnnounce={setAnnouncement}
        />
        <OrderList
          title={t('landing.moreOrganizations')}
          items={shownRegional}
          total={page?.total ?? 0}
          useSearch={useRegionalSpaceSearch}
          onChange={setRegional}
          onAnnounce={setAnnouncement}
        />
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {landing.hasNextPage && (
        <button type="button" className="btn order__more" onClick={() => void landing.fetchNextPage()} disabled={landing.isFetchingNextPage}>
          {t('admin.moreSpaces')}
        </button>
      )}
      <div className="form__actions">
        {dirty && (
          <button type="button" className="btn btn--ghost" disabled={save.isPending} onClick={discard}>
            {t('admin.order.discard')}
          </button>
        )}
        <button type="button" className="btn btn--primary" disabled={!dirty || save.isPending} onClick={handleSave}>
          {t('admin.saveOrder')}
        </button>
      </div>
    </div>
  );
}

interface OrderListProps {
  title: string;
  items: SpaceOption[];
  /** how many spaces the list holds on the server */
  total: number;
  useSearch: SpaceSearchHook;
  onChange: (items: SpaceOption[]) => void;
  onAnnounce: (text: string) => void;
}

function OrderList({ title, items, total, useSearch, onChange, onAnnounce }: OrderListProps) {
  const { t } = useTranslation();
  const moveBy = (index: number, delta: -1 | 1) => {
    onChange(move(items, index, delta));
    onAnnounce(t('admin.order.moved', { title: items[index].title, position: index + delta + 1 }));
  };
  const bringToTop = (space: SpaceOption) => {
    onChange([space, ...items.filter((s) => s.id !== space.id)]);
    onAnnounce(t('admin.order.moved', { title: space.title, position: 1 }));
  };

  return (
    <section className="order-list" aria-label={title}>
      <h3 className="section-title">
        {title} <span className="muted order-list__count">{t('admin.spacesShown', { shown: items.length, total })}</span>
      </h3>
      <SpaceSearch label={t('admin.order.bringToTop')} useSearch={useSearch} onPick={bringToTop} />
      {items.length === 0 ? (
        <p className="muted">{t('common.noItems')}</p>
      ) : (
        <ol className="order-list__items order-list__items--scroll">
          {items.map((s, i) => (
            <li key={s.id} className="order-list__item" data-space={s.subdomain}>
              <span className="order-list__index">{i + 1}</span>
              <img src={`/api/common/get/spaceIcon/28/${s.subdomain}`} alt="" width={28} height={28} className="order-list__icon" loading="lazy" />
              <span className="order-list__title">{s.title}</span>
              <button type="button" className="icon-btn" aria-label={t('admin.moveUp', { title: s.title })} disabled={i === 0} onClick={() => moveBy(i, -1)}>
                <Icon name="arrowUp" size={18} />
              </button>
              <button type="button" className="icon-btn" aria-label={t('admin.moveDown', { title: s.title })} disabled={i === items.length - 1} onClick={() => moveBy(i, 1)}>
                <Icon name="arrowDown" size={18} />
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
