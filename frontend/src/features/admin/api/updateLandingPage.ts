import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '../../../lib/api';
import { landingPageQueryOptions } from '../../../lib/endpoints/getLandingPage';
import type { LandingOrder } from '../../../lib/api-types.gen';
import type { LandingPage } from '../../../lib/types';

export const updateLandingPage = (order: LandingOrder) =>
  apiMutation<LandingPage>('common', 'updateLandingPage', order);

export const useUpdateLandingPage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLandingPage,
    onSuccess: (page) => queryClient.setQueryData(landingPageQueryOptions().queryKey, page),
  });
};
