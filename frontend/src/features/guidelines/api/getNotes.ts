import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Notes left on a guideline (all languages). */
export const getNotes = (glid: number) => apiQuery('author/query/notes', { glid });

export const notesQueryOptions = (glid: number) => queryOptions({ queryKey: ['guidelines', glid, 'notes'], queryFn: () => getNotes(glid) });

export const useNotes = (glid: number) => useQuery(notesQueryOptions(glid));
