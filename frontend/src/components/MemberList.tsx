import * as Switch from '@radix-ui/react-switch';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { filterMembers, sortMembers } from '../lib/members';
import { displayName, type Member } from '../lib/types';
import { Icon } from './Icon';

interface MemberListProps<T extends Member> {
  members: readonly T[];
  filter: string;
  /** shows the admin switch when given */
  onToggleAdmin?: (member: T, admin: boolean) => void;
  onRemove: (member: T) => void;
  /** extra chips per row, e.g. "main validator of n guidelines" */
  renderChips?: (member: T) => ReactNode;
  busy?: boolean;
}

/** Member rows with avatar, name, e-mail, role chips, admin switch and remove button. */
export function MemberList<T extends Member>({ members, filter, onToggleAdmin, onRemove, renderChips, busy }: MemberListProps<T>) {
  const { t } = useTranslation();
  const visible = sortMembers(filterMembers(members, filter));
  if (visible.length === 0) {
    return (
      <div className="empty-state">
        <Icon name="search" size={28} />
        <p className="empty-state__title">{t('common.noItems')}</p>
      </div>
    );
  }
  return (
    <ul className="member-rows">
      {visible.map((m) => {
        const name = displayName(m);
        return (
          <li key={m.id} className="member-row" data-username={m.username}>
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
              <button type="button" className="icon-btn icon-btn--danger" aria-label={t('members.removeFor', { name })} onClick={() => onRemove(m)}>
                <Icon name="trash" size={18} />
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
