import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';
import type { Profile } from '../types';

export const getProfile = () => apiQuery<Profile>('common', 'profile');

export const profileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());
