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
import { joinMemberPages, useMemberSearch } from '@/lib/members';
import { showSnackbar } from '@/lib/snackbar';
import { displayName, type Member } from '@/lib/types';
import { useAddCollectionMembers, useInviteCollectionMembers } from '../api/addCollectionMembers';
import { useCollectionMembers } from '../api/getCollectionMembers';
import { useRemoveCollectionMember } from '../api/removeCollectionMember';
import { useSetCollectionAdmin } from '../api/setCollectionAdmin';
import { UserPicker } from '@/components/UserPicker';

/** Members of a collection, searched and paged on the server, and a picker to add space members. */
export function CollectionMembersTab({ collectionId }: { collectionId: number }) {
  const { t } = useTranslation();
  const search = useMemberSearch();
  const members = useCollectionMembers(collectionId, search.query);
  const [removing, setRemoving] = useState<Member | null>(null);
  const add = useAddCollectionMembers(collectionId);
  const invite = useInviteCollectionMembers(collectionId);
  const [inviting, setInviting] = useState(false);
  const remove = useRemoveCollectionMember(collectionId);
  const setAdmin = useSetCollectionAdmin(collectionId);
  const list = useMemo(() => joinMemberPages(members.data?.pages ?? []), [members.data]);
  // Only the loaded rows are known; picking a member beyond them gets the server's "already a member".
  const memberIds = useMemo(() => new Set(list.map((m) => m.id)), [list]);

  // Without a search a failed first page means no access (or no such collection): the page says so.
  // A failed search or further page is reported inside the card, so the search can be changed.
  if (members.isError && !members.data && !search.query) return <QueryErrorPage error={members.error} />;
  const inlineError = add.error ?? setAdmin.error ?? members.error;
  // The collection statistics count everyone with a role or a guideline in it, not the members,
  // so the number is shown only when the whole unsearched list is on screen.
  const complete = !search.query && members.isSuccess && !members.isPlaceholderData && !members.hasNextPage;

  return (
    <section className="card" aria-labelledby="collection-members-heading">
      <div className="card__toolbar">
        <h2 id="collection-members-heading" className="card__title">
          {t('members.title')}
          {complete && <span className="card__count">{list.length}</span>}
        </h2>
        <div className="card__tools">
          <SearchBox value={search.text} onChange={search.setText} placeholder={t('members.searchPlaceholder')} />
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
        members.data && (
          <MemberList
            members={list}
            busy={setAdmin.isPending}
            stale={members.isPlaceholderData}
            paging={{ hasMore: members.hasNextPage, loading: members.isFetchingNextPage, onLoadMore: () => void members.fetchNextPage() }}
            onToggleAdmin={(m, admin) => {
              add.reset();
              setAdmin.mutate({ member: m.id, admin });
            }}
            onRemove={(m) => {
              remove.reset();
              setRemoving(m);
            }}
          />
        )
      )}
      <InviteByEmailDialog
        title={t('members.inviteByEmail')}
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
        texts={(tr, name) => ({ title: tr('members.removeTitle'), question: tr('members.removeCollectionText', { name }), removed: tr('members.removed', { name }) })}
      />
    </section>
  );
}
