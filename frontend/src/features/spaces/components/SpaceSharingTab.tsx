import * as Switch from '@radix-ui/react-switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { VisibilityChip } from '@/components/VisibilityField';
import type { ShareEntry, SharedCollection } from '@/lib/api-types.gen';
import { apiErrorText } from '@/lib/apiErrors';
import { showSnackbar } from '@/lib/snackbar';
import { isVisibility } from '@/lib/types';
import { useActivateSharedCollection } from '../api/activateSharedCollection';
import { useDeleteSharedCollection } from '../api/deleteSharedCollection';
import { useSharedCollections } from '../api/getSharedCollections';
import { incomingShare } from '../sharing';
import { OfferCollectionDialog } from './OfferCollectionDialog';

interface Withdrawal {
  collection: SharedCollection;
  share: ShareEntry;
}

/** Collections this space offers to others, and collections others offer to it (which it turns on or off). */
export function SpaceSharingTab({ spaceId }: { spaceId: number }) {
  const { t } = useTranslation();
  const overview = useSharedCollections(spaceId);
  const [offering, setOffering] = useState(false);
  const [withdrawing, setWithdrawing] = useState<Withdrawal | null>(null);
  const remove = useDeleteSharedCollection(spaceId);
  const activate = useActivateSharedCollection(spaceId);

  if (overview.isError) return <QueryErrorPage error={overview.error} />;

  return (
    <div className="space-sharing">
      <section className="card" aria-labelledby="sharing-shared-heading">
        <div className="card__toolbar">
          <h2 id="sharing-shared-heading" className="card__title">
            {t('spaces.sharing.sharedTitle')}
            {overview.data && <span className="card__count">{overview.data.shared.length}</span>}
          </h2>
          <div className="card__tools">
            <button type="button" className="btn btn--primary" onClick={() => setOffering(true)}>
              <Icon name="plus" size={18} />
              {t('spaces.sharing.offer')}
            </button>
          </div>
        </div>
        <p className="card__text">{t('spaces.sharing.sharedText')}</p>
        {overview.isPending ? (
          <Loader />
        ) : overview.data.shared.length === 0 ? (
          <div className="empty-state">
            <Icon name="folder" size={28} />
            <p className="empty-state__title">{t('common.noItems')}</p>
          </div>
        ) : (
          <ul className="sharing-rows">
            {overview.data.shared.map((c) => (
              <li key={c.id} className="sharing-row" data-collection={c.title}>
                <div className="sharing-row__head">
                  <Icon name="folder" className="sharing-row__icon" />
                  <span className="sharing-row__title">{c.title}</span>
                  {isVisibility(c.visibility) && <VisibilityChip visibility={c.visibility} />}
                </div>
                <ul className="sharing-targets" aria-label={t('spaces.sharing.offeredTo', { title: c.title })}>
                  {c.shares.map((s) => (
                    <li key={s.id} className="sharing-target" data-space={s.toSpaceTitle} data-active={s.active}>
                      <span className="sharing-target__space">{s.toSpaceTitle}</span>
                      <span className={s.active ? 'chip' : 'chip chip--muted'}>{s.active ? t('spaces.sharing.active') : t('spaces.sharing.inactive')}</span>
                      <button
                        type="button"
                        className="icon-btn icon-btn--danger"
                        aria-label={t('spaces.sharing.withdrawFor', { title: c.title, space: s.toSpaceTitle })}
                        onClick={() => {
                          remove.reset();
                          setWithdrawing({ collection: c, share: s });
                        }}
                      >
                        <Icon name="trash" size={18} />
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby="sharing-available-heading">
        <h2 id="sharing-available-heading" className="card__title">
          {t('spaces.sharing.availableTitle')}
          {overview.data && <span className="card__count">{overview.data.available.length}</span>}
        </h2>
        <p className="card__text">{t('spaces.sharing.availableText')}</p>
        {activate.error && (
          <p className="form-error" role="alert">
            {apiErrorText(activate.error, t)}
          </p>
        )}
        {overview.isPending ? (
          <Loader />
        ) : overview.data.available.length === 0 ? (
          <div className="empty-state">
            <Icon name="globe" size={28} />
            <p className="empty-state__title">{t('common.noItems')}</p>
          </div>
        ) : (
          <ul className="sharing-rows">
            {overview.data.available.map((c) => {
              const share = incomingShare(c, spaceId);
              const active = share?.active ?? false;
              const busy = activate.isPending && activate.variables.spaceId === c.spaceId && activate.variables.collectionId === c.id;
              return (
                <li key={`${c.spaceId}-${c.id}`} className="sharing-row sharing-row--incoming" data-collection={c.title}>
                  <div className="sharing-row__head">
                    <Icon name="folder" className="sharing-row__icon" />
                    <div className="sharing-row__text">
                      <span className="sharing-row__title">{c.title}</span>
                      <span className="sharing-row__meta">{t('spaces.sharing.from', { space: c.spaceTitle })}</span>
                    </div>
                    <label className="sharing-row__switch">
                      <span className="sharing-row__state" aria-hidden="true">
                        {active ? t('spaces.sharing.active') : t('spaces.sharing.inactive')}
                      </span>
                      <Switch.Root
                        className="switch"
                        checked={active}
                        disabled={busy}
                        aria-label={t('spaces.sharing.activeFor', { title: c.title, space: c.spaceTitle })}
                        onCheckedChange={(on) =>
                          activate.mutate(
                            { spaceId: c.spaceId, collectionId: c.id, active: on },
                            { onSuccess: () => showSnackbar(t(on ? 'spaces.sharing.activated' : 'spaces.sharing.deactivated', { title: c.title })) },
                          )
                        }
                      >
                        <Switch.Thumb className="switch__thumb" />
                      </Switch.Root>
                    </label>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <OfferCollectionDialog spaceId={spaceId} shared={overview.data?.shared ?? []} open={offering} onOpenChange={setOffering} />
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => {
          if (!open) setWithdrawing(null);
        }}
        title={t('spaces.sharing.withdrawTitle')}
        description={t('spaces.sharing.withdrawText', { title: withdrawing?.collection.title ?? '', space: withdrawing?.share.toSpaceTitle ?? '' })}
        confirmLabel={t('spaces.sharing.withdraw')}
        pending={remove.isPending}
        error={apiErrorText(remove.error, t)}
        onConfirm={() => {
          if (!withdrawing) return;
          const { collection, share } = withdrawing;
          remove.mutate(
            { spaceId: share.toSpaceId, collectionId: collection.id },
            {
              onSuccess: () => {
                showSnackbar(t('spaces.sharing.withdrawn', { title: collection.title, space: share.toSpaceTitle }));
                setWithdrawing(null);
              },
            },
          );
        }}
      />
    </div>
  );
}
