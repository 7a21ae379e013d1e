import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { invalidateSpaceData } from './invalidateSpaces';

export const deleteSpace = (id: number) => apiMutation('admin/mutation/deleteSpace', { id });

export const useDeleteSpace = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSpace, onSuccess: () => invalidateSpaceData(queryClient) });
};
