import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { SpacesAnswerRequest as AnswerMembershipRequest } from '@/lib/api-types.gen';
import { navigationQueryOptions } from '@/lib/endpoints/getNavigation';
import { membershipRequestsQueryOptions } from './getMembershipRequests';
import { spaceStatsQueryOptions } from './getSpaceStats';

/** Accepts (the requester becomes a member) or declines a request; 409 space.requestAnswered when it was already answered. */
export const answerMembershipRequest = (input: AnswerMembershipRequest) =>
  apiMutation('admin/spaceadmin/mutation/answerMembershipRequest', input);

export const useAnswerMembershipRequest = (spaceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerMembershipRequest,
    // Also on error: a 409 means someone else answered it, so the list is stale either way.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membershipRequestsQueryOptions(spaceId).queryKey }),
        // prefix of every member-list query of the space, whatever paging or search it carries
        queryClient.invalidateQueries({ queryKey: ['spaces', spaceId, 'members'] }),
        queryClient.invalidateQueries({ queryKey: spaceStatsQueryOptions(spaceId).queryKey }),
        // the sidebar badge (spaceAdminTasks) counts pending requests
        queryClient.invalidateQueries({ queryKey: navigationQueryOptions().queryKey }),
      ]),
  });
};
