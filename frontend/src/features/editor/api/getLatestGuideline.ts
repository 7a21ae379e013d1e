import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiQuery } from '@/lib/api';
import type { Version as GuidelineVersion } from '@/lib/api-types.gen';
import { guidelineInfoQueryOptions } from './getGuidelineInfo';

/** The latest saved version of a language, drafts included; 404 guideline.versionNotFound when it has none. */
export const getLatestGuideline = (id: number, language: string) => apiQuery('author/query/latestGuideline', { id, language });

/** Whether an error says that the language has no version yet (the editor then starts empty). */
export const isVersionNotFound = (error: unknown) => error instanceof ApiError && error.status === 404 && error.message === 'guideline.versionNotFound';

/**
 * The latest version, or null when the language has none yet. The guideline's info (of the
 * page's language, shared with the page's own query) tells which languages have versions,
 * so a brand-new language asks nothing and no request fails; a version that vanished
 * between the two answers is read as none as well.
 */
export const latestGuidelineQueryOptions = (queryClient: QueryClient, id: number, language: string, pageLanguage: string) =>
  queryOptions({
    queryKey: ['guidelines', id, 'latest', language],
    queryFn: async (): Promise<GuidelineVersion | null> => {
      const info = await queryClient.fetchQuery(guidelineInfoQueryOptions(id, pageLanguage));
      if (!info.languages.some((l) => l.language === language && l.latestVersion > 0)) return null;
      try {
        return await getLatestGuideline(id, language);
      } catch (err) {
        if (isVersionNotFound(err)) return null;
        throw err;
      }
    },
  });

/** The latest version of language (null: none yet), for the editor of pageLanguage. */
export const useLatestGuideline = (id: number, language: string | null, pageLanguage: string) => {
  const queryClient = useQueryClient();
  return useQuery({ ...latestGuidelineQueryOptions(queryClient, id, language ?? '', pageLanguage), enabled: language !== null });
};
