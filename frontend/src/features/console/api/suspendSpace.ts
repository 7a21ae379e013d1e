import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { ConsoleSpace } from '../types';
import { invalidateSpaceData } from './invalidateSpaces';

/** Takes a space out of service: readers see the temporarily-unavailable page; its data stays. */
export const suspendSpace = (id: number) => apiMutation<ConsoleSpace>('admin', 'suspendSpace', { id });

export const useSuspendSpace = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: suspendSpace, onSuccess: () => invalidateSpaceData(queryClient) });
};
