import { useMutation } from '@tanstack/react-query';
import { authPost } from './authPost';

export interface Credentials {
  email: string;
  password: string;
}

/** POST /auth/login: 204 sets the session cookie; errors carry `{message, params}`. */
export const login = (credentials: Credentials) => authPost('login', credentials);

export const useLogin = () => useMutation({ mutationFn: login });

/** Only same-site absolute paths are accepted as return targets (no "//host" or full URLs). */
export function safeReturnPath(r: string | null): string {
  if (r && r.startsWith('/') && !r.startsWith('//') && !r.startsWith('/\\')) return r;
  return '/';
}
