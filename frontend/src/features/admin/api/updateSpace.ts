import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '../../../lib/api';
import type { SpaceInput } from '../../../lib/api-types.gen';
import type { Space } from '../../../lib/types';
import { invalidateSpaceData } from './invalidateSpaces';

/** logo/icon: omitted = keep, "" = remove, data URL = replace. */
export type { SpaceInput };

/** Creates (no id) or updates a space. */
export const updateSpace = (space: SpaceInput) => apiMutation<Space>('admin', 'updateSpace', { space });

export const useUpdateSpace = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSpace, onSuccess: () => invalidateSpaceData(queryClient) });
};
