import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Icon } from '../../../components/Icon';
import { Loader } from '../../../components/Loader';
import { MemberList } from '../../../components/MemberList';
import { QueryErrorPage } from '../../../components/QueryErrorPage';
import { SearchBox } from '../../../components/SearchBox';
import { apiErrorText } from '../../../lib/apiErrors';
import { showSnackbar } from '../../../lib/snackbar';
import { displayName, type Member } from '../../../lib/types';
import { useDeleteSpaceMember } from '../api/deleteSpaceMember';
import { useSpaceMembers } from '../api/getSpaceMembers';
import { useSetSpaceAdmin } from '../api/setSpaceAdmin';
import { AddMembersDialog } from './AddMembersDialog';

export function SpaceMembersTab({ spaceId }: { spaceId: number }) {
  const { t } = useTranslation();
  const members = useSpaceMembers(spaceId);
  const [filter, setFilter] = useState('');
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const remove = useDeleteSpaceMember(spaceId);
  const setAdmin = useSetSpaceAdmin(spaceId);

  if (members.isError) return <QueryErrorPage error={members.error} />;

  return (
    <section className="card" aria-labelledby="space-members-heading">
      <div className="card__toolbar">
        <h2 id="space-members-heading" className="card__title">
          {t('members.title')}
          {members.data && <span className="card__count">{members.data.length}</span>}
        </h2>
        <div className="card__tools">
          <SearchBox value={filter} onChange={setFilter} placeholder={t('members.searchPlaceholder')} />
          <button type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
            <Icon name="plus" size={18} />
            {t('members.add')}
          </button>
        </div>
      </div>
      {setAdmin.error && (
        <p className="form-error" role="alert">
          {apiErrorText(setAdmin.error, t)}
        </p>
      )}
      {members.isPending ? (
        <Loader />
      ) : (
        <MemberList
          members={members.data}
          filter={filter}
          busy={setAdmin.isPending}
          onToggleAdmin={(m, admin) => setAdmin.mutate({ id: m.id, admin })}
          onRemove={(m) => {
            remove.reset();
            setRemoving(m);
          }}
        />
      )}
      <AddMembersDialog spaceId={spaceId} open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('members.removeTitle')}
        description={t('members.removeSpaceText', { name: removing ? displayName(removing) : '' })}
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
