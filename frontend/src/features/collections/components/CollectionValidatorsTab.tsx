import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { InviteByEmailDialog } from '@/components/InviteByEmailDialog';
import { Loader } from '@/components/Loader';
import { MemberList } from '@/components/MemberList';
import { RemoveMemberDialog } from '@/components/RemoveMemberDialog';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { SearchBox } from '@/components/SearchBox';
import { apiErrorText } from '@/lib/apiErrors';
import { filterMembers } from '@/lib/members';
import { showSnackbar } from '@/lib/snackbar';
import { displayName, type Validator } from '@/lib/types';
import { useAddCollectionValidators, useInviteCollectionValidators } from '../api/addCollectionValidators';
import { useCollectionValidators } from '../api/getCollectionValidators';
import { useRemoveCollectionValidator } from '../api/removeCollectionValidator';
import { UserPicker } from '@/components/UserPicker';

/** Validators of a collection: a short list the server sends whole, so the search filters it here. */
export function CollectionValidatorsTab({ collectionId }: { collectionId: number }) {
  const { t } = useTranslation();
  const validators = useCollectionValidators(collectionId);
  const [filter, setFilter] = useState('');
  const [removing, setRemoving] = useState<Validator | null>(null);
  const add = useAddCollectionValidators(collectionId);
  const invite = useInviteCollectionValidators(collectionId);
  const [inviting, setInviting] = useState(false);
  const remove = useRemoveCollectionValidator(collectionId);
  const ids = useMemo(() => new Set((validators.data ?? []).map((v) => v.id)), [validators.data]);

  if (validators.isError) return <QueryErrorPage error={validators.error} />;

  return (
    <section className="card" aria-labelledby="collection-validators-heading">
      <div className="card__toolbar">
        <h2 id="collection-validators-heading" className="card__title">
          {t('validators.title')}
          {validators.data && <span className="card__count">{validators.data.length}</span>}
        </h2>
        <div className="card__tools">
          <SearchBox value={filter} onChange={setFilter} placeholder={t('members.searchPlaceholder')} />
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              invite.reset();
              setInviting(true);
            }}
          >
            <Icon name="mail" size={18} />
            {t('members.inviteByEmail')}
          </button>
        </div>
      </div>
      <UserPicker
        label={t('validators.add')}
        excludeIds={ids}
        disabled={add.isPending}
        onPick={(user) => add.mutate([user.id], { onSuccess: () => showSnackbar(t('validators.added', { name: displayName(user) })) })}
      />
      {add.error && (
        <p className="form-error" role="alert">
          {apiErrorText(add.error, t)}
        </p>
      )}
      {validators.isPending ? (
        <Loader />
      ) : (
        <MemberList
          members={filterMembers(validators.data, filter).map((v) => ({ ...v, admin: false }))}
          renderChips={(v) => (v.mainValidatorOf > 0 ? <span className="chip">{t('validators.mainValidatorOf', { n: v.mainValidatorOf })}</span> : null)}
          onRemove={(v) => {
            remove.reset();
            setRemoving(v);
          }}
        />
      )}
      <InviteByEmailDialog
        title={t('validators.inviteByEmail')}
        open={inviting}
        onOpenChange={setInviting}
        pending={invite.isPending}
        error={invite.error}
        onSubmit={(emails) => invite.mutateAsync(emails).then(() => showSnackbar(t('members.addedEmails', { n: emails.length })))}
      />
      <RemoveMemberDialog
        member={removing}
        onClose={() => setRemoving(null)}
        remove={remove}
        texts={(tr, name) => ({ title: tr('validators.removeTitle'), question: tr('validators.removeText', { name }), removed: tr('validators.removed', { name }) })}
      />
    </section>
  );
}
