import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorPage } from '@/components/ErrorPage';
import { Loader } from '@/components/Loader';
import { errorStatus, loginUrl } from '@/lib/api';
import { useProfile } from '@/lib/endpoints/getProfile';

/** Auth-required routes: an anonymous profile (id 0) sends the browser to the sign-in page with r. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { data: profile, isError, error } = useProfile();
  const anonymous = profile?.id === 0;

  useEffect(() => {
    if (anonymous) window.location.assign(loginUrl(location.pathname + location.search));
  }, [anonymous, location.pathname, location.search]);

  if (isError) return <ErrorPage status={errorStatus(error)} message={error.message} />;
  if (!profile || anonymous) return <Loader />;
  return <>{children}</>;
}

/**
 * Space Administration and the console are for super admins only; everyone else sees the 403
 * page (`standalone` outside the shell, on the landing host).
 */
export function RequireSuperAdmin({ children, standalone = false }: { children: ReactNode; standalone?: boolean }) {
  const { data: profile } = useProfile();
  if (!profile?.superAdmin)
    return standalone ? (
      <main className="standalone">
        <ErrorPage status={403} />
      </main>
    ) : (
      <ErrorPage status={403} />
    );
  return <>{children}</>;
}
