import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { CreateTarget } from '@/lib/api-types.gen';

/** Collections the caller may create guidelines in, each with its validators to pick the main validator from. */
export const getCreateGuidelineData = () => apiQuery<CreateTarget[]>('author', 'createGuidelineData');

export const createGuidelineDataQueryOptions = () => queryOptions({ queryKey: ['guidelines', 'createData'], queryFn: getCreateGuidelineData });

export const useCreateGuidelineData = () => useQuery(createGuidelineDataQueryOptions());
