import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { validatorsUpdated } from './memberListUpdated';

/** 409 collection.mainValidator with params {n}. */
export const removeCollectionValidator = (input: { collection: number; validator: number }) =>
  apiMutation('admin/collectionadmin/mutation/removeCollectionValidator', input);

export const useRemoveCollectionValidator = (collection: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (validator: number) => removeCollectionValidator({ collection, validator }),
    onSuccess: (validators) => validatorsUpdated(queryClient, collection, validators),
  });
};
