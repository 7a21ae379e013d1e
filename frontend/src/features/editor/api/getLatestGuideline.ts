import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiQuery } from '../../../lib/api';
import type { GuidelineVersion } from '../../../lib/api-types.gen';

/** The latest saved version of a language, drafts included; 404 guideline.versionNotFound when it has none. */
export const getLatestGuideline = (id: number, language: string) => apiQuery<GuidelineVersion>('author', 'latestGuideline', { id, language });

/** Whether an error says that the language has no version yet (the editor then starts empty). */
export const isVersionNotFound = (error: unknown) => error instanceof ApiError && error.status === 404 && error.message === 'guideline.versionNotFound';

/** The latest version, or null when the language has none yet. */
export const latestGuidelineQueryOptions = (id: number, language: string) =>
  queryOptions({
    queryKey: ['guidelines', id, 'latest', language],
    queryFn: async (): Promise<GuidelineVersion | null> => {
      try {
        return await getLatestGuideline(id, language);
      } catch (err) {
        if (isVersionNotFound(err)) return null;
        throw err;
      }
    },
  });

export const useLatestGuideline = (id: number, language: string | null) =>
  useQuery({ ...latestGuidelineQueryOptions(id, language ?? ''), enabled: language !== null });
