import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiMutation, apiQuery } from '@/lib/api';
import type { SearchGaps, SearchSynonyms, SetSearchSynonymsRequest } from '@/lib/api-types.gen';

export const getSearchSynonyms = (spaceId: number) => apiQuery<SearchSynonyms>('admin', 'searchSynonyms', { spaceId });

export const searchSynonymsQueryOptions = (spaceId: number) =>
  queryOptions({ queryKey: ['spaces', spaceId, 'searchSynonyms'], queryFn: () => getSearchSynonyms(spaceId) });

export const useSearchSynonyms = (spaceId: number) => useQuery(searchSynonymsQueryOptions(spaceId));

/** Replaces one language's synonym groups; 400 validation.language, search.synonymGroupSize, search.synonymTerm, validation.tooLong. */
export const setSearchSynonyms = (input: SetSearchSynonymsRequest) => apiMutation<SearchSynonyms>('admin', 'setSearchSynonyms', input);

export const useSetSearchSynonyms = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ language, synonyms }: { language: string; synonyms: string[][] }) => setSearchSynonyms({ spaceId, language, synonyms }),
    onSuccess: (data) => queryClient.setQueryData(searchSynonymsQueryOptions(spaceId).queryKey, data),
  });
};

export const getSearchGaps = (spaceId: number) => apiQuery<SearchGaps>('admin', 'searchGaps', { spaceId });

export const useSearchGaps = (spaceId: number) =>
  useQuery({ queryKey: ['spaces', spaceId, 'searchGaps'], queryFn: () => getSearchGaps(spaceId) });
