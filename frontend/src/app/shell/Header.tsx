import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '@/components/Icon';
import { favoriteCollectionKey } from '@/features/favorites/links';
import { HeaderSearch } from '@/features/search/components/HeaderSearch';
import { loginUrl } from '@/lib/api';
import { useProfile } from '@/lib/endpoints/getProfile';
import { displayName, isSignedIn, type Space } from '@/lib/types';
import { useUiStore } from '@/lib/uiStore';
import { DRAWER_TOGGLE_ID, useDrawerSelection } from './drawerSelection';
import { OrgSwitcher } from './OrgSwitcher';

// The signed-in menus are their own chunks: anonymous readers never load them.
const FavoritesMenu = lazy(() => import('@/features/favorites/components/FavoritesMenu').then((m) => ({ default: m.FavoritesMenu })));
const NotificationsMenu = lazy(() =>
  import('@/features/notifications/components/NotificationsMenu').then((m) => ({ default: m.NotificationsMenu })),
);

export function Header({ space }: { space: Space }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: profile } = useProfile();
  const drawerOpen = useUiStore((s) => s.drawerOpen);
  const setDrawerOpen = useUiStore((s) => s.setDrawerOpen);
  const setSidebarOpen = useUiStore((s) => s.setSidebarOpen);
  const signedIn = isSignedIn(profile);
  const selectCollection = useDrawerSelection((s) => s.select);

  return (
    <header className="app-header">
      <div className="app-header__inner">
        <button
          type="button"
          id={DRAWER_TOGGLE_ID}
          className="icon-btn icon-btn--on-primary"
          aria-label={t('shell.openDrawer')}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <Icon name="menu" />
        </button>
        <Link to="/" className="brand" aria-label={space.title}>
          <img className="brand__logo" src={`/api/common/get/spaceLogo/40/${space.subdomain}`} alt="" width={40} height={40} />
          <span className="brand__title brand__title--full">{space.title}</span>
          <span className="brand__title brand__title--short">{space.subdomain.toUpperCase()}</span>
        </Link>
        <OrgSwitcher current={space} />
        <HeaderSearch spaceId={space.id} />
        <div className="app-header__spacer" />
        {signedIn && (
          <Suspense fallback={null}>
            <FavoritesMenu
              onOpenCollection={(c) => {
                selectCollection(favoriteCollectionKey(c));
                setDrawerOpen(true);
              }}
            />
            <NotificationsMenu />
          </Suspense>
        )}
        {signedIn && profile ? (
          <Link to="/profile" className="header-btn header-btn--profile" aria-label={`${displayName(profile)} – ${t('shell.profile')}`}>
            <Icon name="user" size={18} />
            <span className="header-btn__label">{displayName(profile)}</span>
          </Link>
        ) : (
          profile &&
          location.pathname !== '/auth/login' && (
            <a href={loginUrl(location.pathname + location.search)} className="header-btn header-btn--solid">
              <Icon name="login" size={18} />
              <span className="header-btn__label">{t('auth.login')}</span>
            </a>
          )
        )}
        <button type="button" className="icon-btn icon-btn--on-primary" aria-label={t('shell.openMenu')} onClick={() => setSidebarOpen(true)}>
          <Icon name="sidebar" />
        </button>
      </div>
    </header>
  );
}
