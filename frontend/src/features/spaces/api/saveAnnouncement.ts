import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { AnnouncementInput } from '@/lib/api-types.gen';
import { spaceAnnouncementsQueryOptions } from './getSpaceAnnouncements';

/** Creates (no id) or replaces an announcement; German is required, HTML is sanitised by the server. */
export const saveAnnouncement = (spaceId: number, announcement: AnnouncementInput) =>
  apiMutation('admin/spaceadmin/mutation/saveAnnouncement', { spaceId, announcement });

export const useSaveAnnouncement = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (announcement: AnnouncementInput) => saveAnnouncement(spaceId, announcement),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: spaceAnnouncementsQueryOptions(spaceId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['announcements'] }),
      ]),
  });
};
