import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { invalidateSpaceData } from './invalidateSpaces';
import type { ConsoleSpace } from '../types';

/** Puts a suspended space back into service. */
export const resumeSpace = (id: number) => apiMutation('admin/mutation/resumeSpace', { id }) as Promise<ConsoleSpace>;

export const useResumeSpace = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resumeSpace, onSuccess: () => invalidateSpaceData(queryClient) });
};
