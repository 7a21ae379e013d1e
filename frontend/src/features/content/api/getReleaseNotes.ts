import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { ReleaseNote } from '@/lib/api-types.gen';

/** The product's releases, newest first. */
export const getReleaseNotes = () => apiQuery<ReleaseNote[]>('common', 'releaseNotes');

export const releaseNotesQueryOptions = () => queryOptions({ queryKey: ['releaseNotes'], queryFn: getReleaseNotes, staleTime: Infinity });

export const useReleaseNotes = () => useQuery(releaseNotesQueryOptions());
