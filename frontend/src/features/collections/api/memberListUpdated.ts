import type { QueryClient } from '@tanstack/react-query';
import { navigationQueryOptions } from '../../../lib/endpoints/getNavigation';
import type { Validator } from '../../../lib/types';
import { collectionMembersQueryOptions } from './getCollectionMembers';
import { collectionStatsQueryOptions } from './getCollectionStats';
import { collectionValidatorsQueryOptions } from './getCollectionValidators';

/**
 * Member mutations return only the first page (100) of the new list, so the full list is refetched,
 * together with what depends on it (stats, menu, My Collections).
 */
export function membersUpdated(queryClient: QueryClient, collection: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: collectionMembersQueryOptions(collection).queryKey }),
    queryClient.invalidateQueries({ queryKey: collectionStatsQueryOptions(collection).queryKey }),
    queryClient.invalidateQueries({ queryKey: navigationQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['collections', 'mine'] }),
  ]);
}

export function validatorsUpdated(queryClient: QueryClient, collection: number, validators: Validator[]): Promise<unknown> {
  queryClient.setQueryData(collectionValidatorsQueryOptions(collection).queryKey, validators);
  return queryClient.invalidateQueries({ queryKey: collectionStatsQueryOptions(collection).queryKey });
}
