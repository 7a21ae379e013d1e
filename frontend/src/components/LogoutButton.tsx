import type { ReactNode } from 'react';

/**
 * Signs out: a form posting to /auth/logout, never a link, because signing out changes state
 * (a GET could be triggered by any page). The server ends the session and answers with the
 * start page, which loads afresh without the session.
 */
export function LogoutButton({ className, children }: { className: string; children: ReactNode }) {
  return (
    <form method="post" action="/auth/logout" className="logout-form">
      <button type="submit" className={className}>
        {children}
      </button>
    </form>
  );
}
