import { ApiError, INVALID_REQUEST } from '@/lib/api';

/**
 * POST /auth/<path> with a JSON body, as the sign-in and the one-time links need: no Space
 * header (the host names the space) and no redirect to sign-in on 401. Errors carry the
 * server's `{message, params}`; 204 resolves to undefined.
 */
export async function authPost<T = undefined>(path: string, body: object): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/auth/${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(INVALID_REQUEST, 0);
  }
  if (res.ok) return (res.status === 204 ? undefined : await res.json()) as T;
  let message = INVALID_REQUEST;
  let params: Record<string, unknown> = {};
  try {
    const data = (await res.json()) as { message?: unknown; params?: unknown };
    if (typeof data.message === 'string') message = data.message;
    if (typeof data.params === 'object' && data.params !== null) params = data.params as Record<string, unknown>;
  } catch {
    // keep the generic message
  }
  throw new ApiError(message, res.status, params);
}
