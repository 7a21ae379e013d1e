import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** How often the header asks for new notifications while the app is open. */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** The caller's notifications in the current space, newest first (at most 200). */
export const getNotifications = () => apiQuery('common/query/notifications');

export const notificationsQueryOptions = () => queryOptions({ queryKey: ['notifications'], queryFn: getNotifications });

export const useNotifications = (enabled: boolean) =>
  useQuery({ ...notificationsQueryOptions(), enabled, refetchInterval: enabled ? NOTIFICATIONS_POLL_MS : false });
