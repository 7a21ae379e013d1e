import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Collections the caller may create guidelines in, each with its validators to pick the main validator from. */
export const getCreateGuidelineData = () => apiQuery('author/query/createGuidelineData');

export const createGuidelineDataQueryOptions = () => queryOptions({ queryKey: ['guidelines', 'createData'], queryFn: getCreateGuidelineData });

export const useCreateGuidelineData = () => useQuery(createGuidelineDataQueryOptions());
