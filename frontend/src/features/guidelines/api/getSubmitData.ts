import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Whether a version can be submitted, added to the open request, hotfixed or renewed (authors only). */
export const getSubmitData = (guidelineId: number, guidelineVersion: number) =>
  apiQuery('author/query/validationData', { guidelineId, guidelineVersion });

export const submitDataQueryOptions = (guidelineId: number, guidelineVersion: number) =>
  queryOptions({ queryKey: ['guidelines', guidelineId, 'submitData', guidelineVersion], queryFn: () => getSubmitData(guidelineId, guidelineVersion) });

export const useSubmitData = (guidelineId: number, guidelineVersion: number, enabled = true) =>
  useQuery({ ...submitDataQueryOptions(guidelineId, guidelineVersion), enabled });
