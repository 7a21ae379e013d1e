import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { spaceAnnouncementsQueryOptions } from './getSpaceAnnouncements';

/** Deletes an announcement of the space. */
export const deleteAnnouncement = (spaceId: number, id: number) => apiMutation('admin/spaceadmin/mutation/deleteAnnouncement', { spaceId, id });

export const useDeleteAnnouncement = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteAnnouncement(spaceId, id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: spaceAnnouncementsQueryOptions(spaceId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['announcements'] }),
      ]),
  });
};
