import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { LandingOrder } from '@/lib/api-types.gen';
import { LANDING_PAGE_QUERY_KEY } from '@/lib/endpoints/getLandingPage';

export const updateLandingPage = (order: LandingOrder) => apiMutation('common/mutation/updateLandingPage', order);

/** Saves the order; settles once every loaded landing page (the editor's pages too) is read again. */
export const useUpdateLandingPage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLandingPage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LANDING_PAGE_QUERY_KEY }),
  });
};
