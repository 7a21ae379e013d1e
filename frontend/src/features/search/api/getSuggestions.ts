import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Titles, tags and search tags (kind "title", "tag", "searchTag") matching what has been typed so far (at most 8). */
export const getSuggestions = (query: string) => apiQuery('reader/query/suggestions', { query });

export const suggestionsQueryOptions = (query: string) =>
  queryOptions({ queryKey: ['suggestions', query], queryFn: () => getSuggestions(query), staleTime: 60_000 });

export const useSuggestions = (query: string) => useQuery({ ...suggestionsQueryOptions(query), enabled: query.length > 0 });
