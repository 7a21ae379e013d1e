import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { maintenanceTasksQueryOptions } from './getMaintenanceTasks';

/** What a reindex rebuilds: the guidelines' search documents or the users' search text. */
export type ReindexTarget = 'Guidelines' | 'Users';

/** Starts rebuilding a search index from the source of truth; it runs as a background task. */
export const startReindex = (target: ReindexTarget) => apiMutation(`admin/maintenance/mutation/startReindex${target}`, {});

export const useStartReindex = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startReindex,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceTasksQueryOptions().queryKey }),
  });
};
