import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';

export const getNavigation = () => apiQuery('common/query/navigation');

export const navigationQueryOptions = () => queryOptions({ queryKey: ['navigation'], queryFn: getNavigation });

export const useNavigation = (enabled = true) => useQuery({ ...navigationQueryOptions(), enabled });
