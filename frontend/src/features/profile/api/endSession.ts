import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { EndSessionRequest } from '@/lib/api-types.gen';
import { sessionsQueryOptions } from './getSessions';

/** Ends one of the caller's sessions; ending the current one signs out (404 auth.sessionNotFound when it is gone). */
export const endSession = (input: EndSessionRequest) => apiMutation('common/mutation/endSession', input);

export const useEndSession = () => {
  const queryClient = useQueryClient();
  const { queryKey } = sessionsQueryOptions();
  return useMutation({
    mutationFn: endSession,
    onSuccess: (_, { id }) => {
      const ended = queryClient.getQueryData(queryKey)?.find((s) => s.id === id);
      // the current session is over: asking again would only send the browser to sign-in
      if (ended?.current) return;
      queryClient.setQueryData(queryKey, (list) => list?.filter((s) => s.id !== id));
      return queryClient.invalidateQueries({ queryKey });
    },
  });
};
