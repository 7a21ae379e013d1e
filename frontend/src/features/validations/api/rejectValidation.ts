import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { RejectRequest } from '@/lib/api-types.gen';
import { validationAnswered } from './validationAnswered';

/** Rejects the request with the reason (required: 400 validation.commentRequired); errors as acceptValidation. */
export const rejectValidation = (input: RejectRequest) => apiMutation('validator/mutation/rejectValidation', input);

export const useRejectValidation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectValidation, onSuccess: (v) => validationAnswered(queryClient, v) });
};
