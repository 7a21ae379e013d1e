import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api';
import type { Space } from '../../../lib/types';

export const getSpaces = () => apiQuery<Space[]>('admin', 'spaces');

export const spacesQueryOptions = () => queryOptions({ queryKey: ['admin', 'spaces'], queryFn: getSpaces });

export const useSpaces = () => useQuery(spacesQueryOptions());
