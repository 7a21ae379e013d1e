import { useMutation } from '@tanstack/react-query';
import type { AccountsAcceptRequest as AcceptInvitationRequest, Landing as AccountLanding } from '@/lib/api-types.gen';
import { authPost } from './authPost';

/** POST /auth/invite/accept: activates the invited account, verifies its address and signs in; answers the space to land in. */
export const acceptInvitation = (input: AcceptInvitationRequest) => authPost<AccountLanding>('invite/accept', input);

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
