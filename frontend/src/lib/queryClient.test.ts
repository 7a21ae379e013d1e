import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { i18n } from './i18n';
import { announceReadOnly, createQueryClient } from './queryClient';
import { useSnackbarStore } from './snackbar';

beforeEach(async () => {
  useSnackbarStore.getState().clear();
  await i18n.changeLanguage('en');
});

describe('changes refused while a space moves', () => {
  it('are announced once, with when to try again', async () => {
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new ApiError('space.readOnly', 503, { retryAfter: 30 })),
    });
    await expect(mutation.execute(undefined)).rejects.toThrow('space.readOnly');
    const [s] = useSnackbarStore.getState().snackbars;
    expect(s.type).toBe('warning');
    expect(s.message).toBe('This space is being moved. Changes are possible again in about 30 seconds; what you entered is kept.');
  });

  it('leave other failures to their screens', () => {
    announceReadOnly(new ApiError('space.hasCollections', 409));
    announceReadOnly(new Error('x'));
    expect(useSnackbarStore.getState().snackbars).toHaveLength(0);
  });
});
