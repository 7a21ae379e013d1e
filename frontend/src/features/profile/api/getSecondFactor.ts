import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Whether the caller has a second factor, whether this session was opened with it, and whether their admin rights need one. */
export const getSecondFactor = () => apiQuery('common/query/secondFactor');

export const secondFactorQueryOptions = () => queryOptions({ queryKey: ['common', 'secondFactor'], queryFn: getSecondFactor });

export const useSecondFactor = () => useQuery(secondFactorQueryOptions());
