import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { notificationsQueryOptions } from './getNotifications';

/** Marks notifications seen; an empty list marks all of them. Returns how many changed. */
export const markNotificationsAsSeen = (notificationIds: number[]) => apiMutation('common/mutation/markNotificationsAsSeen', { notificationIds });

export const useMarkNotificationsAsSeen = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsAsSeen,
    onMutate: (ids) => {
      const all = ids.length === 0;
      queryClient.setQueryData(notificationsQueryOptions().queryKey, (list) => list?.map((n) => (all || ids.includes(n.id) ? { ...n, seen: true } : n)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey }),
  });
};
