import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { SpaceInput as GeneratedSpaceInput } from '@/lib/api-types.gen';
import type { Placement } from '../types';
import { invalidateSpaceData } from './invalidateSpaces';

/**
 * logo/icon: omitted = keep, "" = remove, data URL = replace. cluster and placement choose where a
 * new space is placed; the server honours them on create only (a move changes them later).
 */
export type SpaceInput = Omit<GeneratedSpaceInput, 'placement'> & { placement?: Placement };

/** Creates (no id) or updates a space. */
export const updateSpace = (space: SpaceInput) => apiMutation('admin/mutation/updateSpace', { space });

export const useUpdateSpace = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSpace, onSuccess: () => invalidateSpaceData(queryClient) });
};
