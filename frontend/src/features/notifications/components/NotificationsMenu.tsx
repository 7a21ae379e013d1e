import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '@/components/Icon';
import { LanguageBadge } from '@/components/StateChips';
import { formatRelative } from '@/lib/dates';
import { useNotifications } from '../api/getNotifications';
import { useMarkNotificationsAsSeen } from '../api/markNotificationsAsSeen';
import { MENU_LIMIT, notificationText, unseenCount } from '../notificationText';

/** Bell in the header with the unseen count; choosing a notification marks it seen and opens where it leads. */
export function NotificationsMenu() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const notifications = useNotifications(true);
  const markSeen = useMarkNotificationsAsSeen();
  const list = notifications.data ?? [];
  const unseen = unseenCount(list);

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="icon-btn icon-btn--on-primary notif-trigger" aria-label={unseen > 0 ? t('notifications.labelUnseen', { n: unseen }) : t('notifications.label')}>
        <Icon name="bell" />
        {unseen > 0 && (
          <span className="notif-trigger__badge" aria-hidden="true">
            {unseen > 99 ? '99+' : unseen}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu notif-menu" align="end" sideOffset={8} collisionPadding={8}>
          <div className="notif-menu__head">
            <DropdownMenu.Label className="menu__label">{t('notifications.title')}</DropdownMenu.Label>
            {unseen > 0 && (
              <DropdownMenu.Item
                className="notif-menu__all"
                onSelect={(e) => {
                  e.preventDefault();
                  markSeen.mutate([]);
                }}
              >
                {t('notifications.markAllSeen')}
              </DropdownMenu.Item>
            )}
          </div>
          <DropdownMenu.Separator className="menu__separator" />
          {notifications.isPending ? (
            <p className="notif-menu__status">{t('common.loading')}</p>
          ) : notifications.isError ? (
            <p className="notif-menu__status">{t('error.somethingWrong')}</p>
          ) : list.length === 0 ? (
            <p className="notif-menu__status">{t('common.noItems')}</p>
          ) : (
            list.slice(0, MENU_LIMIT).map((n) => (
              <DropdownMenu.Item
                key={n.id}
                className={n.seen ? 'menu__item notif-item' : 'menu__item notif-item notif-item--unseen'}
                data-notification={n.id}
                data-action={n.action}
                onSelect={() => {
                  if (!n.seen) markSeen.mutate([n.id]);
                  navigate(n.url);
                }}
              >
                <span className="notif-item__dot" aria-hidden="true" />
                <span className="notif-item__text">
                  <span className="notif-item__what">
                    {notificationText(n, t)}
                    {!n.seen && <span className="visually-hidden"> ({t('notifications.unseen')})</span>}
                  </span>
                  <span className="notif-item__meta">
                    <time dateTime={n.timestamp}>{formatRelative(n.timestamp, i18n.language)}</time>
                    {n.language && <LanguageBadge language={n.language} />}
                  </span>
                </span>
              </DropdownMenu.Item>
            ))
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
