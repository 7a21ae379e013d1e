import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { invalidateSpaceData } from './invalidateSpaces';
import type { ConsoleSpace } from '../types';

/** Takes a space out of service: readers see the temporarily-unavailable page; its data stays. */
export const suspendSpace = (id: number) => apiMutation('admin/mutation/suspendSpace', { id }) as Promise<ConsoleSpace>;

export const useSuspendSpace = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: suspendSpace, onSuccess: () => invalidateSpaceData(queryClient) });
};
