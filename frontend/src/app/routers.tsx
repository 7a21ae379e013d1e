import { lazy, Suspense, useState } from 'react';
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

// The admin area is lazy-loaded so a reader's first page stays small (ARCHITECTURE §7).
const AdminPage = lazy(() => import('../features/admin/components/AdminPage').then((m) => ({ default: m.AdminPage })));

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
