import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';

export const getProfile = () => apiQuery('common/query/profile');

export const profileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());
