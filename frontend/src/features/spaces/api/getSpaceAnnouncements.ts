import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Every announcement of the space, past and future, with all its languages. */
export const getSpaceAnnouncements = (spaceId: number) => apiQuery('admin/spaceadmin/query/announcements', { spaceId });

export const spaceAnnouncementsQueryOptions = (spaceId: number) =>
  queryOptions({ queryKey: ['spaces', spaceId, 'announcements'], queryFn: () => getSpaceAnnouncements(spaceId) });

export const useSpaceAnnouncements = (spaceId: number) => useQuery(spaceAnnouncementsQueryOptions(spaceId));
