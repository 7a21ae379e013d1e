import { useMutation } from '@tanstack/react-query';
import { ApiError, INVALID_REQUEST } from '@/lib/api';
import type { CodeRequest as SecondFactorCodeRequest } from '@/lib/api-types.gen';

/**
 * POST /auth/second-factor: completes a password sign-in that waits for the second factor (the
 * pending session's cookie rides along) with a code of the authenticator app or a recovery
 * code. 204 signs in; refusals are auth.secondFactorInvalid and auth.noPendingSignIn (401) and
 * auth.tooManyAttempts (429) as `{message, params}`. A 401 here is an answer to the code, not
 * a lost session, so it does not go through the API client, which would send the browser to sign-in.
 */
export async function completeSecondFactor(input: SecondFactorCodeRequest): Promise<void> {
  let res: Response;
  try {
    res = await fetch('/auth/second-factor', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
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

export const useCompleteSecondFactor = () => useMutation({ mutationFn: completeSecondFactor });
