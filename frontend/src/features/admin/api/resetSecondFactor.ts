import { useMutation } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { ResetSecondFactorRequest } from '@/lib/api-types.gen';

/** Turns a user's second factor off, for someone who lost authenticator and recovery codes (super admin). */
export const resetSecondFactor = (input: ResetSecondFactorRequest) => apiMutation('admin/mutation/resetSecondFactor', input);

export const useResetSecondFactor = () => useMutation({ mutationFn: resetSecondFactor });
