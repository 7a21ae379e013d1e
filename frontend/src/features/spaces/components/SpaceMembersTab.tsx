import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { MemberList } from '@/components/MemberList';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { RemoveMemberDialog } from '@/components/RemoveMemberDialog';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { SearchBox } from '@/components/SearchBox';
import { apiErrorText } from '@/lib/apiErrors';
import { joinMemberPages, useMemberSearch } from '@/lib/members';
import { showSnackbar } from '@/lib/snackbar';
import { displayName, type Member } from '@/lib/types';
import { useDeleteSpaceMember } from '../api/deleteSpaceMember';
import { useResendInvitation, useRevokeInvitation } from '../api/invitations';
import { useSpaceMembers } from '../api/getSpaceMembers';
import { useSpaceStats } from '../api/getSpaceStats';
import { useSetSpaceAdmin } from '../api/setSpaceAdmin';
import { AddMembersDialog } from './AddMembersDialog';

/** Members of a space, searched and paged on the server; invited members can be invited again or withdrawn. */
export function SpaceMembersTab({ spaceId }: { spaceId: number }) {
  const { t } = useTranslation();
  const search = useMemberSearch();
  const members = useSpaceMembers(spaceId, search.query);
  // The total comes from the statistics, which count the members anyway.
  const stats = useSpaceStats(spaceId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [revoking, setRevoking] = useState<Member | null>(null);
  const remove = useDeleteSpaceMember(spaceId);
  const resend = useResendInvitation(spaceId);
  const revoke = useRevokeInvitation(spaceId);
  const setAdmin = useSetSpaceAdmin(spaceId);
  const list = useMemo(() => joinMemberPages(members.data?.pages ?? []), [members.data]);

  // Without a search a failed first page means no access (or no such space): the page says so.
  // A failed search or further page is reported inside the card, so the search can be changed.
  if (members.isError && !members.data && !search.query) return <QueryErrorPage error={members.error} />;
  const total = stats.data?.memberStats.totalMembers;

  return (
    <section className="card" aria-labelledby="space-members-heading">
      <div className="card__toolbar">
        <h2 id="space-members-heading" className="card__title">
          {t('members.title')}
          {total !== undefined && <span className="card__count">{total}</span>}
        </h2>
        <div className="card__tools">
          <SearchBox value={search.text} onChange={search.setText} placeholder={t('members.searchPlaceholder')} />
          <button type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
            <Icon name="plus" size={18} />
            {t('members.add')}
          </button>
        </div>
      </div>
      {(setAdmin.error ?? resend.error) && (
        <p className="form-error" role="alert">
          {apiErrorText(setAdmin.error ?? resend.error, t)}
        </p>
      )}
      {members.isError && (
        <p className="form-error" role="alert">
          {apiErrorText(members.error, t)}
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
            onToggleAdmin={(m, admin) => setAdmin.mutate({ id: m.id, admin })}
            onRemove={(m) => {
              remove.reset();
              setRemoving(m);
            }}
            onResendInvitation={(m) => {
              setAdmin.reset();
              resend.mutate(m.id, { onSuccess: () => showSnackbar(t('members.resent', { name: displayName(m) })) });
            }}
            onRevokeInvitation={(m) => {
              revoke.reset();
              setRevoking(m);
            }}
          />
        )
      )}
      <AddMembersDialog spaceId={spaceId} open={adding} onOpenChange={setAdding} />
      <RemoveMemberDialog
        member={removing}
        onClose={() => setRemoving(null)}
        remove={remove}
        texts={(tr, name) => ({ title: tr('members.removeTitle'), question: tr('members.removeSpaceText', { name }), removed: tr('members.removed', { name }) })}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={t('members.revokeTitle')}
        description={t('members.revokeText', { name: revoking ? displayName(revoking) : '' })}
        confirmLabel={t('members.revoke')}
        pending={revoke.isPending}
        error={apiErrorText(revoke.error, t)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              showSnackbar(t('members.revoked', { name: displayName(revoking) }));
              setRevoking(null);
            },
          });
        }}
      />
    </section>
  );
}
