import { useMutation } from '@tanstack/react-query';
import { authPost } from './authPost';

export interface Credentials {
  email: string;
  password: string;
}

/** POST /auth/login: 204 sets the session cookie; errors carry `{message, params}`. */
export const login = (credentials: Credentials) => authPost('login', credentials);

export const useLogin = () => useMutation({ mutationFn: login });

/**
 * Only absolute paths of this site are accepted as return targets, as on the server: never
 * "//host", full URLs, backslashes, white space or control characters (browsers drop tabs and
 * line breaks and read "\\" as "/", so "/\t/host" would lead to another site).
 */
export function safeReturnPath(r: string | null): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (!r || !r.startsWith('/') || r.startsWith('//') || /[\\\s\u0000-\u001f\u007f-\u009f]/.test(r)) return '/';
  try {
    if (new URL(r, window.location.origin).origin !== window.location.origin) return '/';
  } catch {
    return '/';
  }
  return r;
}
