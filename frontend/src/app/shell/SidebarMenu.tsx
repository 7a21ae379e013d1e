import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon, type IconName } from '@/components/Icon';
import { LogoutButton } from '@/components/LogoutButton';
import { Sheet } from '@/components/Sheet';
import { useNavigation } from '@/lib/endpoints/getNavigation';
import { useProfile } from '@/lib/endpoints/getProfile';
import { displayName, isSignedIn, type Navigation } from '@/lib/types';
import { useUiStore } from '@/lib/uiStore';

interface MenuEntry {
  to: string;
  labelKey: string;
  icon: IconName;
  tasks: number;
}

/** Menu items by capability in the order of spec §2, each with its task count. */
export function menuEntries(nav: Navigation | undefined): MenuEntry[] {
  const entries: MenuEntry[] = [{ to: '/', labelKey: 'nav.home', icon: 'home', tasks: 0 }];
  if (nav?.dashboard) entries.push({ to: '/dashboard', labelKey: 'nav.dashboard', icon: 'clock', tasks: nav.dashboardTasks });
  if (nav?.superAdmin) entries.push({ to: '/admin', labelKey: 'nav.spaceAdministration', icon: 'shield', tasks: 0 });
  if (nav?.spaceAdmin) entries.push({ to: '/spaces', labelKey: 'nav.mySpaces', icon: 'building', tasks: nav.spaceAdminTasks });
  if (nav?.collectionAdmin) entries.push({ to: '/collections', labelKey: 'nav.myCollections', icon: 'folder', tasks: nav.collectionAdminTasks });
  if (nav?.validator) entries.push({ to: '/validations', labelKey: 'nav.myValidations', icon: 'checkCircle', tasks: nav.validatorTasks });
  if (nav?.spaceMember) entries.push({ to: '/guidelines', labelKey: 'nav.myGuidelines', icon: 'fileText', tasks: nav.spaceMemberTasks });
  return entries;
}

export function SidebarMenu() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.sidebarOpen);
  const setOpen = useUiStore((s) => s.setSidebarOpen);
  const { data: profile } = useProfile();
  const signedIn = isSignedIn(profile);
  const { data: nav } = useNavigation(signedIn);

  return (
    <Sheet open={open} onOpenChange={setOpen} side="right" title={t('nav.menu')}>
      {signedIn && profile && (
        <div className="sidebar-user">
          <span className="avatar" aria-hidden="true">
            {(profile.firstname[0] ?? profile.username[0] ?? '?').toUpperCase()}
          </span>
          <div>
            <p className="sidebar-user__name">{displayName(profile)}</p>
            <p className="sidebar-user__mail">{profile.username}</p>
          </div>
        </div>
      )}
      <nav aria-label={t('nav.menu')}>
        <ul className="nav-list">
          {menuEntries(nav).map((entry) => (
            <li key={entry.to}>
              <NavLink to={entry.to} end={entry.to === '/'} className="nav-list__item" onClick={() => setOpen(false)}>
                <Icon name={entry.icon} />
                <span className="nav-list__text">{t(entry.labelKey)}</span>
                {entry.tasks > 0 && (
                  <span className="badge" aria-label={t('nav.tasks', { n: entry.tasks })}>
                    {entry.tasks}
                  </span>
                )}
              </NavLink>
            </li>
          ))}
          {signedIn && (
            <>
              <li>
                <NavLink to="/feedbacks" className="nav-list__item" onClick={() => setOpen(false)}>
                  <Icon name="message" />
                  <span className="nav-list__text">{t('nav.myFeedbacks')}</span>
                </NavLink>
              </li>
              <li>
                <NavLink to="/profile" className="nav-list__item" onClick={() => setOpen(false)}>
                  <Icon name="user" />
                  <span className="nav-list__text">{t('nav.profile')}</span>
                </NavLink>
              </li>
              <li>
                <LogoutButton className="nav-list__item">
                  <Icon name="logout" />
                  <span className="nav-list__text">{t('auth.logout')}</span>
                </LogoutButton>
              </li>
            </>
          )}
        </ul>
      </nav>
    </Sheet>
  );
}
