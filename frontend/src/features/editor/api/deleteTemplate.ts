import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { templatesQueryKey } from './getTemplates';

/** Deletes a template the caller wrote (space admins: any); 403, 404 template.notFound. */
export const deleteTemplate = (id: number) => apiMutation('author/mutation/deleteTemplate', { id });

export const useDeleteTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    // after a 404 someone else deleted it meanwhile: the list is refreshed then as well
    onSettled: () => queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
};
