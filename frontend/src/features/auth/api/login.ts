import { useMutation } from '@tanstack/react-query';
import { ApiError, INVALID_REQUEST } from '../../../lib/api';

export interface Credentials {
  email: string;
  password: string;
}

/** POST /auth/login: 204 sets the session cookie; errors carry `{message, params}`. */
export async function login(credentials: Credentials): Promise<void> {
  let res: Response;
  try {
    res = await fetch('/auth/login', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(credentials),
    });
  } catch {
    throw new ApiError(INVALID_REQUEST, 0);
  }
  if (res.ok) return;
  let message = INVALID_REQUEST;
  let params: Record<string, unknown> = {};
  try {
    const body = (await res.json()) as { message?: unknown; params?: unknown };
    if (typeof body.message === 'string') message = body.message;
    if (typeof body.params === 'object' && body.params !== null) params = body.params as Record<string, unknown>;
  } catch {
    // keep the generic message
  }
  throw new ApiError(message, res.status, params);
}

export const useLogin = () => useMutation({ mutationFn: login });

/**
 * Only absolute paths of this site are accepted as return targets, as on the server: never
 * "//host", full URLs, backslashes, white space or control characters (browsers drop tabs and
 * line breaks and read "\\" as "/", so "/\t/host" would lead to another site).
 */
export function safeReturnPath(r: string | null): string {
  if (!r || !r.startsWith('/') || r.startsWith('//') || /[\\\s\u0000-\u001f\u007f-\u009f]/.test(r)) return '/';
  try {
    if (new URL(r, window.location.origin).origin !== window.location.origin) return '/';
  } catch {
    return '/';
  }
  return r;
}
