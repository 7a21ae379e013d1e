import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { Note } from '@/lib/api-types.gen';

/** Notes left on a guideline (all languages). */
export const getNotes = (glid: number) => apiQuery<Note[]>('author', 'notes', { glid });

export const notesQueryOptions = (glid: number) => queryOptions({ queryKey: ['guidelines', glid, 'notes'], queryFn: () => getNotes(glid) });

export const useNotes = (glid: number) => useQuery(notesQueryOptions(glid));
