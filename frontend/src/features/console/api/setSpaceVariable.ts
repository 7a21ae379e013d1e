import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { VariableRequest } from '@/lib/api-types.gen';
import { invalidateSpaceData } from './invalidateSpaces';

export const setSpaceVariable = (input: VariableRequest) => apiMutation('admin/mutation/setSpaceVariable', input);

export const useSetSpaceVariable = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setSpaceVariable, onSuccess: () => invalidateSpaceData(queryClient) });
};
