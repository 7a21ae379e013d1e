import { useMutation } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { ChangeEmailRequest } from '@/lib/api-types.gen';

/** Mails a confirmation link to the new address; the address changes only once the link is followed. */
export const changeEmail = (input: ChangeEmailRequest) => apiMutation('common/mutation/changeEmail', input);

export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
