import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { DeleteVariableRequest } from '@/lib/api-types.gen';
import type { Space } from '@/lib/types';
import { invalidateSpaceData } from './invalidateSpaces';

export const deleteSpaceVariable = (input: DeleteVariableRequest) => apiMutation<Space>('admin', 'deleteSpaceVariable', input);

export const useDeleteSpaceVariable = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSpaceVariable, onSuccess: () => invalidateSpaceData(queryClient) });
};
