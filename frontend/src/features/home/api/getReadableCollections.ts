import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api';
import type { CollectionCount } from '../../../lib/api-types.gen';

/** The collections the caller may read that hold guidelines readers see, with how many. */
export const getReadableCollections = () => apiQuery<CollectionCount[]>('common', 'collectionsWithActiveGuidelines');

export const readableCollectionsQueryOptions = () => queryOptions({ queryKey: ['collectionsWithActiveGuidelines'], queryFn: getReadableCollections });

export const useReadableCollections = () => useQuery(readableCollectionsQueryOptions());
