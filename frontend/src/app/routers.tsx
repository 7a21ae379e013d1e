import { lazy, Suspense, useState, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { Loader } from '../components/Loader';
import { NotFoundPage } from '../components/NotFoundPage';
import { LoginPage } from '../features/auth/components/LoginPage';
import { HomePage } from '../features/home/components/HomePage';
import { LandingPage } from '../features/landing/components/LandingPage';
import { ProfilePage } from '../features/profile/components/ProfilePage';
import type { Space } from '../lib/types';
import { RequireAuth, RequireSuperAdmin } from './shell/RequireAuth';
import { ShellLayout } from './shell/ShellLayout';

// The admin and authoring areas are lazy-loaded so a reader's first page stays small (ARCHITECTURE §7).
const AdminPage = lazy(() => import('../features/admin/components/AdminPage').then((m) => ({ default: m.AdminPage })));
const AdminUserPage = lazy(() => import('../features/admin/components/UserPage').then((m) => ({ default: m.UserPage })));
const MaintenancePage = lazy(() => import('../features/admin/components/MaintenancePage').then((m) => ({ default: m.MaintenancePage })));
const MySpacesPage = lazy(() => import('../features/spaces/components/MySpacesPage').then((m) => ({ default: m.MySpacesPage })));
const SpacePage = lazy(() => import('../features/spaces/components/SpacePage').then((m) => ({ default: m.SpacePage })));
const MyCollectionsPage = lazy(() => import('../features/collections/components/MyCollectionsPage').then((m) => ({ default: m.MyCollectionsPage })));
const CollectionPage = lazy(() => import('../features/collections/components/CollectionPage').then((m) => ({ default: m.CollectionPage })));
const DashboardPage = lazy(() => import('../features/dashboard/components/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const MyGuidelinesPage = lazy(() => import('../features/guidelines/components/MyGuidelinesPage').then((m) => ({ default: m.MyGuidelinesPage })));
const CreateGuidelinePage = lazy(() => import('../features/guidelines/components/CreateGuidelinePage').then((m) => ({ default: m.CreateGuidelinePage })));
const GuidelineRedirect = lazy(() => import('../features/guidelines/components/GuidelinePage').then((m) => ({ default: m.GuidelineRedirect })));
const GuidelinePage = lazy(() => import('../features/guidelines/components/GuidelinePage').then((m) => ({ default: m.GuidelinePage })));
const MyValidationsPage = lazy(() => import('../features/validations/components/MyValidationsPage').then((m) => ({ default: m.MyValidationsPage })));
const ValidationPage = lazy(() => import('../features/validations/components/ValidationPage').then((m) => ({ default: m.ValidationPage })));
// The reader is its own chunk so that the first page of a guideline loads only what reading needs.
const ReaderPage = lazy(() => import('../features/reader/components/ReaderPage').then((m) => ({ default: m.ReaderPage })));
// The guideline editor (Lexical) is its own chunk, loaded only when an author opens it.
const EditorPage = lazy(() => import('../features/editor/components/EditorPage').then((m) => ({ default: m.EditorPage })));

/** A signed-in, lazily loaded screen; the server decides per call who may see what (403 → error page). */
function authLazy(element: ReactNode): ReactNode {
  return (
    <RequireAuth>
      <Suspense fallback={<Loader />}>{element}</Suspense>
    </RequireAuth>
  );
}

/** Routes of the www landing site. */
export const landingRoutes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/auth/login', element: <LoginPage standalone /> },
  { path: '*', element: <NotFoundPage standalone /> },
];

/** Routes of a space; only screens that exist are declared, everything else is Not Found. */
export function shellRoutes(space: Space): RouteObject[] {
  return [
    {
      element: <ShellLayout space={space} />,
      children: [
        { index: true, element: <HomePage space={space} /> },
        { path: 'auth/login', element: <LoginPage /> },
        {
          path: 'guideline/:id/:lang?/:detailId?',
          element: (
            <Suspense fallback={<Loader />}>
              <ReaderPage space={space} />
            </Suspense>
          ),
        },
        {
          path: 'profile',
          element: (
            <RequireAuth>
              <ProfilePage />
            </RequireAuth>
          ),
        },
        {
          path: 'admin',
          element: (
            <RequireAuth>
              <RequireSuperAdmin>
                <Suspense fallback={<Loader />}>
                  <AdminPage />
                </Suspense>
              </RequireSuperAdmin>
            </RequireAuth>
          ),
        },
        {
          path: 'admin/maintenance/:tab?',
          element: (
            <RequireAuth>
              <RequireSuperAdmin>
                <Suspense fallback={<Loader />}>
                  <MaintenancePage />
                </Suspense>
              </RequireSuperAdmin>
            </RequireAuth>
          ),
        },
        {
          path: 'admin/user/:username',
          element: (
            <RequireAuth>
              <RequireSuperAdmin>
                <Suspense fallback={<Loader />}>
                  <AdminUserPage />
                </Suspense>
              </RequireSuperAdmin>
            </RequireAuth>
          ),
        },
        { path: 'spaces', element: authLazy(<MySpacesPage space={space} />) },
        { path: 'spaces/:id/:tab?', element: authLazy(<SpacePage />) },
        { path: 'collections', element: authLazy(<MyCollectionsPage />) },
        { path: 'collections/:id/:tab?', element: authLazy(<CollectionPage />) },
        { path: 'dashboard', element: authLazy(<DashboardPage space={space} />) },
        { path: 'guidelines', element: authLazy(<MyGuidelinesPage />) },
        { path: 'guidelines/guideline/new', element: authLazy(<CreateGuidelinePage />) },
        { path: 'guidelines/guideline/:id', element: authLazy(<GuidelineRedirect />) },
        { path: 'guidelines/guideline/:id/:lang/edit', element: authLazy(<EditorPage />) },
        { path: 'guidelines/guideline/:id/:lang/:tab?', element: authLazy(<GuidelinePage />) },
        { path: 'validations', element: authLazy(<MyValidationsPage />) },
        { path: 'validations/:guidelineId/:language', element: authLazy(<ValidationPage />) },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function LandingRouter() {
  const [router] = useState(() => createBrowserRouter(landingRoutes));
  return <RouterProvider router={router} />;
}

export function ShellRouter({ space }: { space: Space }) {
  const [router] = useState(() => createBrowserRouter(shellRoutes(space)));
  return <RouterProvider router={router} />;
}
