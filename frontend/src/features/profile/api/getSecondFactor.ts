import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { SecondFactor } from '@/lib/api-types.gen';

/** Whether the caller has a second factor, whether this session was opened with it, and whether their admin rights need one. */
export const getSecondFactor = () => apiQuery<SecondFactor>('common', 'secondFactor');

export const secondFactorQueryOptions = () => queryOptions({ queryKey: ['common', 'secondFactor'], queryFn: getSecondFactor });

export const useSecondFactor = () => useQuery(secondFactorQueryOptions());
