import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { invalidateSpaceData } from './invalidateSpaces';
import { OPERATION_QUERY_KEY } from './keys';
import type { SpaceOperation } from '../types';

/** Starts migrating a space's schema to the latest version; the answer is the operation to follow. */
export const migrateSpace = (id: number) => apiMutation('admin/mutation/migrateSpace', { id }) as Promise<SpaceOperation>;

export const useMigrateSpace = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: migrateSpace,
    onSuccess: (op) => {
      queryClient.setQueryData([...OPERATION_QUERY_KEY, op.id], op);
      return invalidateSpaceData(queryClient);
    },
  });
};
