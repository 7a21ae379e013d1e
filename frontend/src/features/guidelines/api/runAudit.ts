import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { auditQueryOptions } from './getAudit';

/** Starts checking the links and references of the latest version; the result says 'running'. */
export const runAudit = (glid: number, lang: string) => apiMutation('author/mutation/runAudit', { glid, lang });

export const useRunAudit = (glid: number, lang: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => runAudit(glid, lang),
    onSuccess: (result) => queryClient.setQueryData(auditQueryOptions(glid, lang).queryKey, result),
  });
};
