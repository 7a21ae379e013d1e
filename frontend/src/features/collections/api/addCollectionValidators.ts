import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '../../../lib/api';
import type { Validator } from '../../../lib/types';
import { validatorsUpdated } from './memberListUpdated';

export const addCollectionValidators = (input: { collection: number; validators: number[] }) =>
  apiMutation<Validator[]>('admin/collectionadmin', 'addCollectionValidators', input);

export const useAddCollectionValidators = (collection: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (validators: number[]) => addCollectionValidators({ collection, validators }),
    onSuccess: (validators) => validatorsUpdated(queryClient, collection, validators),
  });
};
