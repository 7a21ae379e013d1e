import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { CodeRequest as SecondFactorCodeRequest } from '@/lib/api-types.gen';
import { secondFactorChanged } from './secondFactorChanged';

/**
 * Turns the second factor on with a first code of the new secret and answers the recovery
 * codes, shown only now. Refusals: auth.secondFactorInvalid, auth.secondFactorEnrolled,
 * auth.secondFactorNotEnrolled, auth.tooManyAttempts.
 */
export const confirmSecondFactor = (input: SecondFactorCodeRequest) => apiMutation('common/mutation/confirmSecondFactor', input);

export const useConfirmSecondFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmSecondFactor, onSuccess: () => secondFactorChanged(queryClient) });
};
