import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { Notification } from '@/lib/api-types.gen';

/** How often the header asks for new notifications while the app is open. */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** The caller's notifications in the current space, newest first (at most 200). */
export const getNotifications = () => apiQuery<Notification[]>('common', 'notifications');

export const notificationsQueryOptions = () => queryOptions({ queryKey: ['notifications'], queryFn: getNotifications });

export const useNotifications = (enabled: boolean) =>
  useQuery({ ...notificationsQueryOptions(), enabled, refetchInterval: enabled ? NOTIFICATIONS_POLL_MS : false });
