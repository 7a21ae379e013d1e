import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ErrorPage } from '@/components/ErrorPage';
import { useErrorStore } from '@/lib/errorStore';
import { useSnackbarStore } from '@/lib/snackbar';
import type { Space } from '@/lib/types';
import { useUiStore } from '@/lib/uiStore';
import { Footer } from '@/components/Footer';
import { Header } from './Header';

// The side panels load when first opened: a reader who follows a link to a guideline never
// downloads them.
const LeftDrawer = lazy(() => import('./LeftDrawer').then((m) => ({ default: m.LeftDrawer })));
const SidebarMenu = lazy(() => import('./SidebarMenu').then((m) => ({ default: m.SidebarMenu })));

export function ShellLayout({ space }: { space: Space }) {
  const { t } = useTranslation();
  const location = useLocation();
  const error = useErrorStore((s) => s.error);
  const clearError = useErrorStore((s) => s.clearError);
  const drawerOpen = useUiStore((s) => s.drawerOpen);
  const sidebarOpen = useUiStore((s) => s.sidebarOpen);
  const drawerUsed = useOnceTrue(drawerOpen);
  const sidebarUsed = useOnceTrue(sidebarOpen);

  // Every navigation scrolls to the top, clears the global error and the snackbars of the page
  // left, and closes the side panels.
  useEffect(() => {
    window.scrollTo(0, 0);
    clearError();
    useSnackbarStore.getState().navigated();
    useUiStore.getState().setSidebarOpen(false);
    useUiStore.getState().setDrawerOpen(false);
  }, [location.pathname, location.search, clearError]);

  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        {t('shell.skipToContent')}
      </a>
      <Header space={space} />
      <main id="main" className="shell__main" tabIndex={-1}>
        {error ? <ErrorPage status={error.status} message={error.message} onBack={clearError} /> : <Outlet />}
      </main>
      <Footer />
      <Suspense fallback={null}>
        {drawerUsed && <LeftDrawer />}
        {sidebarUsed && <SidebarMenu />}
      </Suspense>
    </div>
  );
}

/** True from the first time value is true on (so a panel stays mounted to animate closing). */
function useOnceTrue(value: boolean): boolean {
  const [once, setOnce] = useState(value);
  if (value && !once) setOnce(true);
  return once;
}
