import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';
import type { Navigation } from '../types';

export const getNavigation = () => apiQuery<Navigation>('common', 'navigation');

export const navigationQueryOptions = () => queryOptions({ queryKey: ['navigation'], queryFn: getNavigation });

export const useNavigation = (enabled = true) => useQuery({ ...navigationQueryOptions(), enabled });
