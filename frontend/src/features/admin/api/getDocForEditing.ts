import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** A public document as readers get it: in the language, or in German when that has no text yet. */
export const getDocForEditing = (token: string, lang: string) => apiQuery('reader/query/doc', { token, lang });

export const docForEditingQueryOptions = (token: string, lang: string) =>
  queryOptions({ queryKey: ['doc', token, lang], queryFn: () => getDocForEditing(token, lang) });

export const useDocForEditing = (token: string, lang: string) => useQuery(docForEditingQueryOptions(token, lang));
