import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** A public document in a language, or in German when it has none in that language. */
export const getDoc = (token: string, lang: string) => apiQuery('reader/query/doc', { token, lang });

export const docQueryOptions = (token: string, lang: string) => queryOptions({ queryKey: ['doc', token, lang], queryFn: () => getDoc(token, lang) });

export const useDoc = (token: string, lang: string) => useQuery(docQueryOptions(token, lang));
