import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { MoveSpaceRequest } from '../types';
import { invalidateSpaceData } from './invalidateSpaces';
import { OPERATION_QUERY_KEY } from './keys';
import type { SpaceOperation } from '../types';

/** Starts moving a space to another cluster or kind of place; the answer is the operation to follow. */
export const moveSpace = (request: MoveSpaceRequest) => apiMutation('admin/mutation/moveSpace', request) as Promise<SpaceOperation>;

export const useMoveSpace = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveSpace,
    onSuccess: (op) => {
      queryClient.setQueryData([...OPERATION_QUERY_KEY, op.id], op);
      return invalidateSpaceData(queryClient);
    },
  });
};
