import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '../api';
import type { Language } from '../language';
import { profileQueryOptions } from './getProfile';

export const setLanguage = (language: Language) => apiMutation('common/mutation/setLanguage', { language });

export const useSetLanguage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLanguage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
  });
};
