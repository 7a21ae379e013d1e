import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { TemplateInput } from '@/lib/api-types.gen';
import { templatesQueryKey } from './getTemplates';

/**
 * Creates a template (without id) or changes one the caller wrote (space admins: any).
 * 400 validation.required / validation.tooLong naming template.*, 403, 404 template.notFound.
 */
export const saveTemplate = (template: TemplateInput) => apiMutation('author/mutation/saveTemplate', { template });

export const useSaveTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTemplate, onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesQueryKey }) });
};
