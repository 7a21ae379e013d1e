import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';
import { Loader } from '../../../components/Loader';
import { useLandingPage } from '../../../lib/endpoints/getLandingPage';
import { showSnackbar } from '../../../lib/snackbar';
import type { LandingPage, Space } from '../../../lib/types';
import { useUpdateLandingPage } from '../api/updateLandingPage';

export function move<T>(list: T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= list.length) return list;
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** Order of the two landing-page lists, set by the super admin. */
export function LandingOrder() {
  const { data, isPending, isError } = useLandingPage();
  const { t } = useTranslation();
  if (isPending) return <Loader />;
  if (isError) return <p className="form-error">{t('error.somethingWrong')}</p>;
  return <LandingOrderEditor key={JSON.stringify([data.nationalSpaces.map((s) => s.id), data.spaces.map((s) => s.id)])} page={data} />;
}

function LandingOrderEditor({ page }: { page: LandingPage }) {
  const { t } = useTranslation();
  const [national, setNational] = useState(page.nationalSpaces);
  const [spaces, setSpaces] = useState(page.spaces);
  const save = useUpdateLandingPage();
  const dirty =
    national.map((s) => s.id).join() !== page.nationalSpaces.map((s) => s.id).join() || spaces.map((s) => s.id).join() !== page.spaces.map((s) => s.id).join();

  const handleSave = () =>
    save.mutate(
      { nationalSpaces: national.map((s) => s.id), spaces: spaces.map((s) => s.id) },
      {
        onSuccess: () => showSnackbar(t('admin.orderSaved')),
        onError: (e) => showSnackbar(t(e.message, { defaultValue: t('error.somethingWrong') }), { type: 'error' }),
      },
    );

  return (
    <div className="order">
      <div className="order__lists">
        <OrderList title={t('landing.nationalOrganizations')} items={national} onChange={setNational} />
        <OrderList title={t('admin.spacesList')} items={spaces} onChange={setSpaces} />
      </div>
      <div className="form__actions">
        <button type="button" className="btn btn--primary" disabled={!dirty || save.isPending} onClick={handleSave}>
          {t('admin.saveOrder')}
        </button>
      </div>
    </div>
  );
}

function OrderList({ title, items, onChange }: { title: string; items: Space[]; onChange: (items: Space[]) => void }) {
  const { t } = useTranslation();
  return (
    <div className="order-list">
      <h3 className="section-title">{title}</h3>
      {items.length === 0 ? (
        <p className="muted">{t('common.noItems')}</p>
      ) : (
        <ol className="order-list__items">
          {items.map((s, i) => (
            <li key={s.id} className="order-list__item">
              <span className="order-list__index">{i + 1}</span>
              <img src={`/api/common/get/spaceIcon/28/${s.subdomain}`} alt="" width={28} height={28} className="order-list__icon" />
              <span className="order-list__title">{s.title}</span>
              <button type="button" className="icon-btn" aria-label={t('admin.moveUp', { title: s.title })} disabled={i === 0} onClick={() => onChange(move(items, i, -1))}>
                <Icon name="arrowUp" size={18} />
              </button>
              <button
                type="button"
                className="icon-btn"
                aria-label={t('admin.moveDown', { title: s.title })}
                disabled={i === items.length - 1}
                onClick={() => onChange(move(items, i, 1))}
              >
                <Icon name="arrowDown" size={18} />
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
