import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiMutation, apiQuery } from '@/lib/api';
import type { SetSynonymsRequest as SetSearchSynonymsRequest } from '@/lib/api-types.gen';

export const getSearchSynonyms = (spaceId: number) => apiQuery('admin/query/searchSynonyms', { spaceId });

export const searchSynonymsQueryOptions = (spaceId: number) =>
  queryOptions({ queryKey: ['spaces', spaceId, 'searchSynonyms'], queryFn: () => getSearchSynonyms(spaceId) });

export const useSearchSynonyms = (spaceId: number) => useQuery(searchSynonymsQueryOptions(spaceId));

/** Replaces one language's synonym groups; 400 validation.language, search.synonymGroupSize, search.synonymTerm, validation.tooLong. */
export const setSearchSynonyms = (input: SetSearchSynonymsRequest) => apiMutation('admin/mutation/setSearchSynonyms', input);

export const useSetSearchSynonyms = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ language, synonyms }: { language: string; synonyms: string[][] }) => setSearchSynonyms({ spaceId, language, synonyms }),
    onSuccess: (data) => queryClient.setQueryData(searchSynonymsQueryOptions(spaceId).queryKey, data),
  });
};

export const getSearchGaps = (spaceId: number) => apiQuery('admin/query/searchGaps', { spaceId });

export const useSearchGaps = (spaceId: number) =>
  useQuery({ queryKey: ['spaces', spaceId, 'searchGaps'], queryFn: () => getSearchGaps(spaceId) });
