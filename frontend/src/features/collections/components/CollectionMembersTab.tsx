import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Loader } from '../../../components/Loader';
import { MemberList } from '../../../components/MemberList';
import { QueryErrorPage } from '../../../components/QueryErrorPage';
import { SearchBox } from '../../../components/SearchBox';
import { apiErrorText } from '../../../lib/apiErrors';
import { showSnackbar } from '../../../lib/snackbar';
import { displayName, type Member } from '../../../lib/types';
import { useAddCollectionMembers } from '../api/addCollectionMembers';
import { useCollectionMembers } from '../api/getCollectionMembers';
import { useRemoveCollectionMember } from '../api/removeCollectionMember';
import { useSetCollectionAdmin } from '../api/setCollectionAdmin';
import { UserPicker } from './UserPicker';

export function CollectionMembersTab({ collectionId }: { collectionId: number }) {
  const { t } = useTranslation();
  const members = useCollectionMembers(collectionId);
  const [filter, setFilter] = useState('');
  const [removing, setRemoving] = useState<Member | null>(null);
  const add = useAddCollectionMembers(collectionId);
  const remove = useRemoveCollectionMember(collectionId);
  const setAdmin = useSetCollectionAdmin(collectionId);
  const memberIds = useMemo(() => new Set((members.data ?? []).map((m) => m.id)), [members.data]);

  if (members.isError) return <QueryErrorPage error={members.error} />;
  const inlineError = add.error ?? setAdmin.error;

  return (
    <section className="card" aria-labelledby="collection-members-heading">
      <div className="card__toolbar">
        <h2 id="collection-members-heading" className="card__title">
          {t('members.title')}
          {members.data && <span className="card__count">{members.data.length}</span>}
        </h2>
        <SearchBox value={filter} onChange={setFilter} placeholder={t('members.searchPlaceholder')} />
      </div>
      <UserPicker
        label={t('members.addFromSpace')}
        excludeIds={memberIds}
        disabled={add.isPending}
        onPick={(user) => {
          setAdmin.reset();
          add.mutate([user.id], { onSuccess: () => showSnackbar(t('members.added', { name: displayName(user) })) });
        }}
      />
      {inlineError && (
        <p className="form-error" role="alert">
          {apiErrorText(inlineError, t)}
        </p>
      )}
      {members.isPending ? (
        <Loader />
      ) : (
        <MemberList
          members={members.data}
          filter={filter}
          busy={setAdmin.isPending}
          onToggleAdmin={(m, admin) => {
            add.reset();
            setAdmin.mutate({ member: m.id, admin });
          }}
          onRemove={(m) => {
            remove.reset();
            setRemoving(m);
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('members.removeTitle')}
        description={t('members.removeCollectionText', { name: removing ? displayName(removing) : '' })}
        confirmLabel={t('members.remove')}
        pending={remove.isPending}
        error={apiErrorText(remove.error, t)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              showSnackbar(t('members.removed', { name: displayName(removing) }));
              setRemoving(null);
            },
          });
        }}
      />
    </section>
  );
}
