import { lazy, Suspense, useEffect } from 'react';
import { ErrorPage } from '../components/ErrorPage';
import { SpaceUnavailablePage } from '../components/SpaceUnavailablePage';
import { Loader } from '../components/Loader';
import { errorStatus } from '../lib/api';
import { useSpace } from '../lib/endpoints/getSpace';
import { offlineSpace } from '../features/reader/offline/space';
import { currentSubdomain, WWW } from '../lib/host';
import { applyColors, LANDING_PRIMARY } from '../lib/theme';
import { LandingRouter, ShellRouter } from './routers';
import { SessionSync } from './SessionSync';

const DocPage = lazy(() => import('../features/content/components/DocPage').then((m) => ({ default: m.DocPage })));

/**
 * Root experiences at startup (spec §2): /doc/… (a public document without the shell),
 * the www landing site, otherwise the application shell of the current space.
 */
export function App() {
  const subdomain = currentSubdomain();
  const isDoc = window.location.pathname.startsWith('/doc/');
  const space = useSpace(subdomain);
  // Without a network the shell starts from the space kept when a guideline was read, so that
  // guidelines kept on the device stay readable (spec §2 offline shell).
  const kept = space.data || navigator.onLine ? undefined : offlineSpace(subdomain);
  const data = space.data ?? kept;

  useEffect(() => {
    if (!data) return;
    if (data.subdomain === WWW) applyColors(LANDING_PRIMARY, undefined);
    else applyColors(data.color, data.accentColor);
    document.title = data.subdomain === WWW ? 'Vademecum' : `${data.title} · Vademecum`;
  }, [data]);

  if (isDoc)
    return (
      <Suspense fallback={<Loader fullscreen />}>
        <DocPage pathname={window.location.pathname} />
      </Suspense>
    );
  if (kept) return <ShellRouter space={kept} />;
  if (space.isPending) return <Loader fullscreen />;
  if (space.isError) {
    const status = errorStatus(space.error);
    if (status === 404) return <SpaceUnavailablePage reason="unknown" />;
    if (status === 503 && space.error.message === 'space.suspended') return <SpaceUnavailablePage reason="suspended" />;
    return (
      <main className="standalone">
        <ErrorPage status={status} message={space.error.message} onBack={() => window.location.reload()} />
      </main>
    );
  }
  return (
    <>
      <SessionSync />
      {space.data.subdomain === WWW ? <LandingRouter /> : <ShellRouter space={space.data} />}
    </>
  );
}
