import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** The product's releases, newest first. */
export const getReleaseNotes = () => apiQuery('common/query/releaseNotes');

export const releaseNotesQueryOptions = () => queryOptions({ queryKey: ['releaseNotes'], queryFn: getReleaseNotes, staleTime: Infinity });

export const useReleaseNotes = () => useQuery(releaseNotesQueryOptions());
