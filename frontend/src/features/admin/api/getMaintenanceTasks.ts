import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { Task as MaintenanceTask } from '@/lib/api-types.gen';

/** A task still moves while it is neither done nor failed. */
export const isRunning = (task: MaintenanceTask) => !task.failed && task.progress < 100;

export const getMaintenanceTasks = () => apiQuery('admin/maintenance/query/maintenanceTasks');

/** The latest background tasks; polled every two seconds while one is running. */
export const maintenanceTasksQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'maintenance', 'tasks'],
    queryFn: getMaintenanceTasks,
    refetchInterval: (query) => (query.state.data?.some(isRunning) ? 2000 : false),
  });

export const useMaintenanceTasks = () => useQuery(maintenanceTasksQueryOptions());
