import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { CopyRequest } from '@/lib/api-types.gen';
import { maintenanceTasksQueryOptions } from './getMaintenanceTasks';

/** Starts copying guidelines of the current space into a collection; the copy runs as a background task. */
export const copyGuidelines = (input: CopyRequest) => apiMutation('admin/maintenance/mutation/copyGuidelines', input);

export const useCopyGuidelines = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyGuidelines,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceTasksQueryOptions().queryKey }),
  });
};
