import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { ValidationAcceptRequest as AcceptRequest } from '@/lib/api-types.gen';
import { validationAnswered } from './validationAnswered';

/** Approves the request, publishing its version with the last approval the collection requires; 409 validation.alreadyProcessed or validation.alreadyApproved, 404 validation.notFound, 403 validation.ownGuideline. */
export const acceptValidation = (input: AcceptRequest) => apiMutation('validator/mutation/acceptValidation', input);

export const useAcceptValidation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptValidation, onSuccess: (v) => validationAnswered(queryClient, v) });
};
