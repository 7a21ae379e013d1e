import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery, shouldRetry } from '@/lib/api';
import type { ReaderGuidelineRequest } from '@/lib/api-types.gen';
import { currentSubdomain } from '@/lib/host';
import { indexedDbStore, isNetworkFailure, offlineKey, readWithOfflineCopy } from '../offline/store';

/** The published text of a guideline language; 404/403 answer the reader conditions (reader.*, guideline.notFound). */
export const getReaderGuideline = (req: ReaderGuidelineRequest) => apiQuery('reader/query/guideline', req);

export const readerGuidelineQueryOptions = (id: number, language: string, space: number | null) =>
  queryOptions({
    queryKey: ['reader', 'guideline', space, id, language],
    queryFn: () =>
      readWithOfflineCopy(
        () => getReaderGuideline({ id, language, ...(space ? { space } : {}) }),
        indexedDbStore,
        (lang) => offlineKey(currentSubdomain(), id, lang, space),
        language,
      ),
    // without a network, the kept copy answers at once instead of after three retries
    retry: (count, error) => !isNetworkFailure(error) && shouldRetry(count, error),
  });

export const useReaderGuideline = (id: number, language: string, space: number | null) =>
  useQuery(readerGuidelineQueryOptions(id, language, space));
