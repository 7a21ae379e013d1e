import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import type { MembershipRequest } from '@/lib/api-types.gen';
import { apiErrorText } from '@/lib/apiErrors';
import { formatDate } from '@/lib/dates';
import { showSnackbar } from '@/lib/snackbar';
import { displayName } from '@/lib/types';
import { useAnswerMembershipRequest } from '../api/answerMembershipRequest';
import { useMembershipRequests } from '../api/getMembershipRequests';

/** Pending membership requests: accept makes the requester a member, decline (confirmed) closes the request. */
export function SpaceRequestsTab({ spaceId }: { spaceId: number }) {
  const { t, i18n } = useTranslation();
  const requests = useMembershipRequests(spaceId);
  const answer = useAnswerMembershipRequest(spaceId);
  const [declining, setDeclining] = useState<MembershipRequest | null>(null);

  if (requests.isError) return <QueryErrorPage error={requests.error} />;

  const handleAccept = (r: MembershipRequest) => {
    answer.mutate(
      { id: r.id, accept: true },
      {
        onSuccess: () => showSnackbar(t('spaces.requests.accepted', { name: displayName(r.user) })),
        onError: (err) => showSnackbar(apiErrorText(err, t) ?? '', { type: 'error' }),
      },
    );
  };

  return (
    <section className="card" aria-labelledby="space-requests-heading">
      <div className="card__toolbar">
        <h2 id="space-requests-heading" className="card__title">
          {t('spaces.requests.title')}
          {requests.data && <span className="card__count">{requests.data.length}</span>}
        </h2>
      </div>
      {requests.isPending ? (
        <Loader />
      ) : requests.data.length === 0 ? (
        <div className="empty-state">
          <Icon name="user" size={28} />
          <p className="empty-state__title">{t('common.noItems')}</p>
          <p>{t('spaces.requests.empty')}</p>
        </div>
      ) : (
        <ul className="request-rows">
          {requests.data.map((r) => {
            const name = displayName(r.user);
            const busy = answer.isPending && answer.variables.id === r.id;
            return (
              <li key={r.id} className="request-row" data-username={r.user.username}>
                <span className="avatar" aria-hidden="true">
                  {(r.user.firstname[0] ?? r.user.username[0] ?? '?').toUpperCase()}
                </span>
                <div className="request-row__text">
                  <span className="request-row__name">{name}</span>
                  <span className="request-row__meta">
                    <a href={`mailto:${r.user.username}`} className="request-row__mail">
                      {r.user.username}
                    </a>
                    <span aria-hidden="true"> · </span>
                    <time dateTime={r.createdAt}>{t('spaces.requests.requestedAt', { date: formatDate(r.createdAt, i18n.language) })}</time>
                  </span>
                  {r.message ? (
                    <blockquote className="request-row__message">{r.message}</blockquote>
                  ) : (
                    <span className="request-row__message request-row__message--empty">{t('spaces.requests.noMessage')}</span>
                  )}
                </div>
                <div className="request-row__actions">
                  <button
                    type="button"
                    className="btn btn--ghost btn--small"
                    aria-label={t('spaces.requests.declineFor', { name })}
                    disabled={busy}
                    onClick={() => {
                      answer.reset();
                      setDeclining(r);
                    }}
                  >
                    <Icon name="close" size={16} />
                    {t('spaces.requests.decline')}
                  </button>
                  <button
                    type="button"
                    className="btn btn--primary btn--small"
                    aria-label={t('spaces.requests.acceptFor', { name })}
                    disabled={busy}
                    onClick={() => handleAccept(r)}
                  >
                    <Icon name="check" size={16} />
                    {t('spaces.requests.accept')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={declining !== null}
        onOpenChange={(open) => {
          if (!open) setDeclining(null);
        }}
        title={t('spaces.requests.declineTitle')}
        description={t('spaces.requests.declineText', { name: declining ? displayName(declining.user) : '' })}
        confirmLabel={t('spaces.requests.decline')}
        pending={answer.isPending}
        error={declining ? apiErrorText(answer.error, t) : null}
        onConfirm={() => {
          if (!declining) return;
          answer.mutate(
            { id: declining.id, accept: false },
            {
              onSuccess: () => {
                showSnackbar(t('spaces.requests.declined', { name: displayName(declining.user) }));
                setDeclining(null);
              },
            },
          );
        }}
      />
    </section>
  );
}
