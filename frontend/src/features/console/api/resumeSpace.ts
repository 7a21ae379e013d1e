import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { ConsoleSpace } from '../types';
import { invalidateSpaceData } from './invalidateSpaces';

/** Puts a suspended space back into service. */
export const resumeSpace = (id: number) => apiMutation<ConsoleSpace>('admin', 'resumeSpace', { id });

export const useResumeSpace = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resumeSpace, onSuccess: () => invalidateSpaceData(queryClient) });
};
