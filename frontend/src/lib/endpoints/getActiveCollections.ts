import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';

/** The collections the caller may read here, the space's own and those shared to it, that hold guidelines the caller may read, with how many. */
export const getActiveCollections = () => apiQuery('common/query/collectionsWithActiveGuidelines');

export const activeCollectionsQueryOptions = () => queryOptions({ queryKey: ['collectionsWithActiveGuidelines'], queryFn: getActiveCollections });

export const useActiveCollections = () => useQuery(activeCollectionsQueryOptions());
