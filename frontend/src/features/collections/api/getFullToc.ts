import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** The table of contents of a collection for its admins, with titles and the unsorted guidelines. */
export const getFullToc = (collection: number) => apiQuery('toc/query/fullToc', { collection });

export const fullTocQueryOptions = (collection: number) => queryOptions({ queryKey: ['collections', collection, 'toc'], queryFn: () => getFullToc(collection) });

export const useFullToc = (collection: number) => useQuery(fullTocQueryOptions(collection));
