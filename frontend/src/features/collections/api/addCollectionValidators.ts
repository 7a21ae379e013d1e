import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { AddValidatorsRequest as AddCollectionValidatorsRequest } from '@/lib/api-types.gen';
import { validatorsUpdated } from './memberListUpdated';

/** Space members by id, and people by address (who join the space; unknown addresses are invited). */
export const addCollectionValidators = (input: AddCollectionValidatorsRequest) => apiMutation('admin/collectionadmin/mutation/addCollectionValidators', input);

export const useAddCollectionValidators = (collection: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (validators: number[]) => addCollectionValidators({ collection, validators }),
    onSuccess: (validators) => validatorsUpdated(queryClient, collection, validators),
  });
};

/** Adds validators by e-mail address, inviting those without an account. */
export const useInviteCollectionValidators = (collection: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emails: string[]) => addCollectionValidators({ collection, validators: [], emails }),
    onSuccess: (validators) => validatorsUpdated(queryClient, collection, validators),
  });
};
