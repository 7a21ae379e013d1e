import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { DeleteVariableRequest } from '@/lib/api-types.gen';
import { invalidateSpaceData } from './invalidateSpaces';

export const deleteSpaceVariable = (input: DeleteVariableRequest) => apiMutation('admin/mutation/deleteSpaceVariable', input);

export const useDeleteSpaceVariable = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSpaceVariable, onSuccess: () => invalidateSpaceData(queryClient) });
};
