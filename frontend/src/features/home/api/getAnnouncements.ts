import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** The space's announcements shown today, in the language or else in German. */
export const getAnnouncements = (lang: string) => apiQuery('reader/query/announcements', { lang });

export const announcementsQueryOptions = (lang: string) => queryOptions({ queryKey: ['announcements', lang], queryFn: () => getAnnouncements(lang) });

export const useAnnouncements = (lang: string) => useQuery(announcementsQueryOptions(lang));
