import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '@/components/Loader';
import { MemberList } from '@/components/MemberList';
import { RemoveMemberDialog } from '@/components/RemoveMemberDialog';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { UserPicker } from '@/components/UserPicker';
import { apiErrorText } from '@/lib/apiErrors';
import { showSnackbar } from '@/lib/snackbar';
import { displayName, type Member } from '@/lib/types';
import { useAddHistoryReaders } from '../api/addHistoryReaders';
import { useHistoryReaders } from '../api/getHistoryReaders';
import { useRemoveHistoryReader } from '../api/removeHistoryReader';

/** Members designated to see which version of a guideline was valid on a day, besides the collection's admins and validators. */
export function CollectionHistoryReaders({ collectionId }: { collectionId: number }) {
  const { t } = useTranslation();
  const readers = useHistoryReaders(collectionId);
  const add = useAddHistoryReaders(collectionId);
  const remove = useRemoveHistoryReader(collectionId);
  const [removing, setRemoving] = useState<Member | null>(null);
  const ids = useMemo(() => new Set((readers.data ?? []).map((r) => r.id)), [readers.data]);

  if (readers.isError) return <QueryErrorPage error={readers.error} />;

  return (
    <section className="card" aria-labelledby="collection-history-readers-heading">
      <div className="card__toolbar">
        <h2 id="collection-history-readers-heading" className="card__title">
          {t('historyReaders.title')}
          {readers.data && <span className="card__count">{readers.data.length}</span>}
        </h2>
      </div>
      <p className="card__hint">{t('historyReaders.text')}</p>
      <UserPicker
        label={t('historyReaders.add')}
        excludeIds={ids}
        disabled={add.isPending}
        onPick={(user) => add.mutate([user.id], { onSuccess: () => showSnackbar(t('historyReaders.added', { name: displayName(user) })) })}
      />
      {add.error && (
        <p className="form-error" role="alert">
          {apiErrorText(add.error, t)}
        </p>
      )}
      {readers.isPending ? (
        <Loader />
      ) : (
        <MemberList
          members={readers.data}
          onRemove={(r) => {
            remove.reset();
            setRemoving(r);
          }}
        />
      )}
      <RemoveMemberDialog
        member={removing}
        onClose={() => setRemoving(null)}
        remove={remove}
        texts={(tr, name) => ({ title: tr('historyReaders.removeTitle'), question: tr('historyReaders.removeText', { name }), removed: tr('historyReaders.removed', { name }) })}
      />
    </section>
  );
}
