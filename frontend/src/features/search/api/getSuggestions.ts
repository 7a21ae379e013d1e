import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api';

export interface Suggestion {
  text: string;
  kind: 'title' | 'tag' | 'searchTag';
  guidelineId: number;
  language: string;
  collectionId: number;
  collectionSpaceId: number;
  spaceId: number;
}

/** Titles, tags and search tags matching what has been typed so far (at most 8). */
export const getSuggestions = (query: string) => apiQuery<Suggestion[]>('reader', 'suggestions', { query });

export const suggestionsQueryOptions = (query: string) =>
  queryOptions({ queryKey: ['suggestions', query], queryFn: () => getSuggestions(query), staleTime: 60_000 });

export const useSuggestions = (query: string) => useQuery({ ...suggestionsQueryOptions(query), enabled: query.length > 0 });
