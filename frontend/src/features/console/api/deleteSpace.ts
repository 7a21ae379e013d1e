import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { invalidateSpaceData } from './invalidateSpaces';

export const deleteSpace = (id: number) => apiMutation<boolean>('admin', 'deleteSpace', { id });

export const useDeleteSpace = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSpace, onSuccess: () => invalidateSpaceData(queryClient) });
};
