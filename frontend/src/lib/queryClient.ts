import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError, shouldRetry } from './api';
import { i18n } from './i18n';
import { showSnackbar } from './snackbar';

/**
 * A change refused because the space is being moved (503 space.readOnly) is said once for the
 * whole app, whichever screen sent it: the screen keeps what the user entered.
 */
export function announceReadOnly(error: unknown): void {
  if (error instanceof ApiError && error.message === 'space.readOnly')
    showSnackbar(i18n.t('space.readOnly', { retryAfter: error.params.retryAfter ?? 30 }), { type: 'warning' });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({ onError: announceReadOnly }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
