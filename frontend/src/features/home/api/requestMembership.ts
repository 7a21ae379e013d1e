import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { RequestMembershipRequest } from '@/lib/api-types.gen';
import { navigationQueryOptions } from '@/lib/endpoints/getNavigation';
import { myMembershipRequestQueryOptions } from './getMyMembershipRequest';

/** Longest message the server accepts. */
export const MESSAGE_MAX = 2000;

/** Asks the admins of the current space to let the caller in; 409 space.requestPending or space.alreadyMember. */
export const requestMembership = (input: RequestMembershipRequest) => apiMutation('common/mutation/requestMembership', input);

export const useRequestMembership = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestMembership,
    onSuccess: (saved) => queryClient.setQueryData(myMembershipRequestQueryOptions().queryKey, saved),
    // 409: a request is pending after all, or the caller became a member meanwhile
    onError: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myMembershipRequestQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: navigationQueryOptions().queryKey }),
      ]),
  });
};
