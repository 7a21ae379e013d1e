import { useMutation } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { EndUserSessionsRequest } from '@/lib/api-types.gen';

/** Ends every session of a user (super admin); answers how many ended. */
export const endUserSessions = (input: EndUserSessionsRequest) => apiMutation('admin/mutation/endUserSessions', input);

export const useEndUserSessions = () => useMutation({ mutationFn: endUserSessions });
