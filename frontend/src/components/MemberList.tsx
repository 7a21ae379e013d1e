import * as Switch from '@radix-ui/react-switch';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/dates';
import { MEMBER_PAGE_SIZE } from '../lib/members';
import { displayName, type Member } from '../lib/types';
import { Icon } from './Icon';

/**
 * Paging of a server-paged list: "Load more" is offered while the last page was full, and a
 * list longer than one page says how many rows it shows.
 */
export interface MemberListPaging {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

interface MemberListProps<T extends Member> {
  /** the rows as the server sent them (searched and ordered there) */
  members: readonly T[];
  /** shows the admin switch when given */
  onToggleAdmin?: (member: T, admin: boolean) => void;
  onRemove: (member: T) => void;
  /** members invited who never signed in: send the invitation again */
  onResendInvitation?: (member: T) => void;
  /** members invited who never signed in: withdraw the invitation (and the membership); replaces remove */
  onRevokeInvitation?: (member: T) => void;
  /** extra chips per row, e.g. "main validator of n guidelines" */
  renderChips?: (member: T) => ReactNode;
  busy?: boolean;
  /** true while the rows shown belong to the previous search */
  stale?: boolean;
  paging?: MemberListPaging;
}

/** Member rows with avatar, name, e-mail, role chips, admin switch and remove button. */
export function MemberList<T extends Member>({
  members,
  onToggleAdmin,
  onRemove,
  onResendInvitation,
  onRevokeInvitation,
  renderChips,
  busy,
  stale,
  paging,
}: MemberListProps<T>) {
  const { t, i18n } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  // Row index that takes the focus once "Load more" has delivered, so keyboard users continue
  // at the first new member rather than on a button that moved or disappeared.
  const focusFrom = useRef<number | null>(null);
  const loading = paging?.loading ?? false;

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || loading) return;
    focusFrom.current = null;
    const row = listRef.current?.children.item(from);
    if (row instanceof HTMLElement) row.focus();
    else statusRef.current?.focus();
  }, [members.length, loading]);

  if (members.length === 0 && !paging?.hasMore) {
    return (
      <div className="empty-state">
        <Icon name="search" size={28} />
        <p className="empty-state__title">{t('common.noItems')}</p>
      </div>
    );
  }
  return (
    <>
      <ul ref={listRef} className="member-rows" aria-busy={stale || undefined}>
        {members.map((m) => {
          const name = displayName(m);
          return (
            <li key={m.id} className="member-row" data-username={m.username} tabIndex={-1}>
              <span className="avatar" aria-hidden="true">
                {(m.firstname[0] ?? m.username[0] ?? '?').toUpperCase()}
              </span>
              <div className="member-row__text">
                <span className="member-row__name" title={name}>
                  {name}
                </span>
                {name !== m.username && (
                  <span className="member-row__mail" title={m.username}>
                    {m.username}
                  </span>
                )}
              </div>
              <div className="member-row__chips">
                {m.admin && <span className="chip">{t('members.admin')}</span>}
                {m.isAuthor && <span className="chip chip--muted">{t('members.author')}</span>}
                {m.invitation &&
                  (m.invitation.pending ? (
                    <span className="chip chip--invited" data-state="invited">
                      {t('members.invited', { date: formatDate(m.invitation.sentAt, i18n.language) })}
                    </span>
                  ) : (
                    <span className="chip chip--warning" data-state="invitationExpired">
                      {t('members.invitationExpired')}
                    </span>
                  ))}
                {renderChips?.(m)}
              </div>
              <div className="member-row__actions">
                {onToggleAdmin && (
                  <label className="member-row__switch">
                    <span className="member-row__switch-label">{t('members.admin')}</span>
                    <Switch.Root
                      className="switch"
                      checked={m.admin}
                      disabled={busy}
                      aria-label={t('members.adminFor', { name })}
                      onCheckedChange={(checked) => onToggleAdmin(m, checked)}
                    >
                      <Switch.Thumb className="switch__thumb" />
                    </Switch.Root>
                  </label>
                )}
                {m.invitation && onResendInvitation && (
                  <button type="button" className="icon-btn" aria-label={t('members.resendFor', { name })} title={t('members.resend')} onClick={() => onResendInvitation(m)}>
                    <Icon name="send" size={18} />
                  </button>
                )}
                {m.invitation && onRevokeInvitation ? (
                  <button
                    type="button"
                    className="icon-btn icon-btn--danger"
                    aria-label={t('members.revokeFor', { name })}
                    title={t('members.revoke')}
                    onClick={() => onRevokeInvitation(m)}
                  >
                    <Icon name="xCircle" size={18} />
                  </button>
                ) : (
                  <button type="button" className="icon-btn icon-btn--danger" aria-label={t('members.removeFor', { name })} onClick={() => onRemove(m)}>
                    <Icon name="trash" size={18} />
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {paging && (paging.hasMore || members.length >= MEMBER_PAGE_SIZE) && (
        <div className="member-list__footer">
          <p ref={statusRef} className="member-list__shown" role="status" tabIndex={-1}>
            {t('members.shown', { n: members.length })}
          </p>
          {paging.hasMore && (
            <button
              type="button"
              className="btn btn--ghost member-list__more"
              disabled={paging.loading || stale}
              onClick={() => {
                focusFrom.current = members.length;
                paging.onLoadMore();
              }}
            >
              {paging.loading ? t('common.loading') : t('members.loadMore')}
            </button>
          )}
        </div>
      )}
    </>
  );
}
