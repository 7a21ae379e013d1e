import { lazy, Suspense, useState, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { Loader } from '../components/Loader';
import { NotFoundPage } from '../components/NotFoundPage';
import { LoginPage } from '../features/auth/components/LoginPage';
import { LogoutPage } from '../features/auth/components/LogoutPage';
import type { Space } from '../lib/types';
import { RequireAuth, RequireSuperAdmin } from './shell/RequireAuth';
import { ShellLayout } from './shell/ShellLayout';

// The admin and authoring areas are lazy-loaded so a reader's first page stays small (ARCHITECTURE §7).
// Every screen but the shell is its own chunk, so that a reader's first page (a guideline,
// often from a link) carries only the reader.
const HomePage = lazy(() => import('../features/home/components/HomePage').then((m) => ({ default: m.HomePage })));
const LandingPage = lazy(() => import('../features/landing/components/LandingPage').then((m) => ({ default: m.LandingPage })));
const ProfilePage = lazy(() => import('../features/profile/components/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const AdminPage = lazy(() => import('../features/admin/components/AdminPage').then((m) => ({ default: m.AdminPage })));
const AdminUserPage = lazy(() => import('../features/admin/components/UserPage').then((m) => ({ default: m.UserPage })));
const AuditLogPage = lazy(() => import('../features/admin/components/AuditLogPage').then((m) => ({ default: m.AuditLogPage })));
// The control-plane console is the super admin's alone: its own chunk on the landing host.
const ConsolePage = lazy(() => import('../features/console/components/ConsolePage').then((m) => ({ default: m.ConsolePage })));
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
const MyFeedbacksPage = lazy(() => import('../features/feedback/components/MyFeedbacksPage').then((m) => ({ default: m.MyFeedbacksPage })));
const AcknowledgementReportPage = lazy(() =>
  import('../features/acknowledgements/components/AcknowledgementReportPage').then((m) => ({ default: m.AcknowledgementReportPage })),
);
const CollectionAcknowledgementCard = lazy(() =>
  import('../features/acknowledgements/components/CollectionAcknowledgementCard').then((m) => ({ default: m.CollectionAcknowledgementCard })),
);
/** What other features set per collection, on the collection's settings tab. */
const collectionSettingsExtra = (collection: number) => (
  <Suspense fallback={<Loader />}>
    <CollectionAcknowledgementCard collection={collection} />
  </Suspense>
);
const FeedbackThreadPage = lazy(() => import('../features/feedback/components/FeedbackThreadPage').then((m) => ({ default: m.FeedbackThreadPage })));
const MyValidationsPage = lazy(() => import('../features/validations/components/MyValidationsPage').then((m) => ({ default: m.MyValidationsPage })));
const ValidationPage = lazy(() => import('../features/validations/components/ValidationPage').then((m) => ({ default: m.ValidationPage })));
const ResultsPage = lazy(() => import('../features/search/components/ResultsPage').then((m) => ({ default: m.ResultsPage })));
const ReleaseNotesPage = lazy(() => import('../features/content/components/ReleaseNotesPage').then((m) => ({ default: m.ReleaseNotesPage })));
const EventInboxPage = lazy(() => import('../features/content/components/EventInboxPage').then((m) => ({ default: m.EventInboxPage })));
// The pages one-time links open are rare visits: each is its own small chunk.
const ForgotPasswordPage = lazy(() => import('../features/auth/components/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('../features/auth/components/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
const InvitationPage = lazy(() => import('../features/auth/components/InvitationPage').then((m) => ({ default: m.InvitationPage })));
const VerifyEmailPage = lazy(() => import('../features/auth/components/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage })));
const ConfirmEmailPage = lazy(() => import('../features/auth/components/ConfirmEmailPage').then((m) => ({ default: m.ConfirmEmailPage })));
const SignupPage = lazy(() => import('../features/auth/components/SignupPage').then((m) => ({ default: m.SignupPage })));
// The reader is its own chunk so that the first page of a guideline loads only what reading needs.
const ReaderPage = lazy(() => import('../features/reader/components/ReaderPage').then((m) => ({ default: m.ReaderPage })));
const AsOfPage = lazy(() => import('../features/history/components/AsOfPage').then((m) => ({ default: m.AsOfPage })));
// The guideline editor (Lexical) is its own chunk, loaded only when an author opens it.
const EditorPage = lazy(() => import('../features/editor/components/EditorPage').then((m) => ({ default: m.EditorPage })));

/** A public, lazily loaded screen. */
function publicLazy(element: ReactNode): ReactNode {
  return <Suspense fallback={<Loader />}>{element}</Suspense>;
}

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
  {
    path: '/',
    element: (
      <Suspense fallback={<Loader fullscreen />}>
        <LandingPage />
      </Suspense>
    ),
  },
  {
    path: '/console',
    element: (
      <RequireAuth>
        <RequireSuperAdmin standalone>
          <Suspense fallback={<Loader fullscreen />}>
            <ConsolePage />
          </Suspense>
        </RequireSuperAdmin>
      </RequireAuth>
    ),
  },
  { path: '/auth/login', element: <LoginPage standalone /> },
  { path: '/auth/logout', element: <LogoutPage standalone /> },
  { path: '/auth/forgot', element: publicLazy(<ForgotPasswordPage standalone />) },
  { path: '/auth/reset', element: publicLazy(<ResetPasswordPage standalone />) },
  { path: '/auth/invite', element: publicLazy(<InvitationPage standalone />) },
  { path: '/auth/verify', element: publicLazy(<VerifyEmailPage standalone />) },
  { path: '/auth/email', element: publicLazy(<ConfirmEmailPage standalone />) },
  { path: '*', element: <NotFoundPage standalone /> },
];

/** Routes of a space; only screens that exist are declared, everything else is Not Found. */
export function shellRoutes(space: Space): RouteObject[] {
  return [
    {
      element: <ShellLayout space={space} />,
      children: [
        {
          index: true,
          element: (
            <Suspense fallback={<Loader />}>
              <HomePage space={space} />
            </Suspense>
          ),
        },
        { path: 'auth/login', element: <LoginPage space={space} /> },
        { path: 'auth/logout', element: <LogoutPage /> },
        { path: 'auth/forgot', element: publicLazy(<ForgotPasswordPage />) },
        { path: 'auth/reset', element: publicLazy(<ResetPasswordPage />) },
        { path: 'auth/invite', element: publicLazy(<InvitationPage />) },
        { path: 'auth/verify', element: publicLazy(<VerifyEmailPage />) },
        { path: 'auth/email', element: publicLazy(<ConfirmEmailPage />) },
        { path: 'auth/signup', element: publicLazy(<SignupPage space={space} />) },
        { path: 'results', element: publicLazy(<ResultsPage space={space} />) },
        { path: 'releasenotes/:tag?', element: publicLazy(<ReleaseNotesPage />) },
        { path: 'eventinbox/:itemId?', element: publicLazy(<EventInboxPage />) },
        { path: 'guideline/:id/:lang/asof/:date?', element: authLazy(<AsOfPage />) },
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
              <Suspense fallback={<Loader />}>
                <ProfilePage />
              </Suspense>
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
          path: 'admin/auditlog',
          element: (
            <RequireAuth>
              <RequireSuperAdmin>
                <Suspense fallback={<Loader />}>
                  <AuditLogPage />
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
        { path: 'collections/:id/:tab?', element: authLazy(<CollectionPage settingsExtra={collectionSettingsExtra} />) },
        { path: 'dashboard', element: authLazy(<DashboardPage space={space} />) },
        { path: 'guidelines', element: authLazy(<MyGuidelinesPage />) },
        { path: 'guidelines/guideline/new', element: authLazy(<CreateGuidelinePage />) },
        { path: 'guidelines/guideline/:id', element: authLazy(<GuidelineRedirect />) },
        { path: 'guidelines/guideline/:id/:lang/edit', element: authLazy(<EditorPage />) },
        { path: 'guidelines/guideline/:id/:lang/:tab?', element: authLazy(<GuidelinePage />) },
        { path: 'feedbacks', element: authLazy(<MyFeedbacksPage />) },
        { path: 'feedbacks/:id', element: authLazy(<FeedbackThreadPage />) },
        { path: 'acknowledgements/:id/:lang', element: authLazy(<AcknowledgementReportPage />) },
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
