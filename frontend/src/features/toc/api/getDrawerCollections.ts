import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api';
import type { DrawerCollection } from '../../../lib/api-types.gen';

/** The collections the caller may read here (own and shared) with their readable guideline counts. */
export const getDrawerCollections = () => apiQuery<DrawerCollection[]>('reader', 'drawerCollections');

export const drawerCollectionsQueryOptions = () => queryOptions({ queryKey: ['toc', 'drawerCollections'], queryFn: getDrawerCollections });

export const useDrawerCollections = (enabled: boolean) => useQuery({ ...drawerCollectionsQueryOptions(), enabled });
