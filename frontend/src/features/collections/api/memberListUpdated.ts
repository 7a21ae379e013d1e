import type { QueryClient } from '@tanstack/react-query';
import { navigationQueryOptions } from '@/lib/endpoints/getNavigation';
import type { Validator } from '@/lib/types';
import { collectionMembersKey } from './getCollectionMembers';
import { collectionStatsQueryOptions } from './getCollectionStats';
import { collectionValidatorsQueryOptions } from './getCollectionValidators';

/**
 * Member mutations return only the first page (100) of the new list, which fits neither the
 * pages of 50 nor a search, so every loaded page of every search is refetched, together with
 * what depends on the members (stats, menu, My Collections).
 */
export function membersUpdated(queryClient: QueryClient, collection: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: collectionMembersKey(collection) }),
    queryClient.invalidateQueries({ queryKey: collectionStatsQueryOptions(collection).queryKey }),
    queryClient.invalidateQueries({ queryKey: navigationQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['collections', 'mine'] }),
  ]);
}

/** Validator mutations return the whole (unpaged) list, which replaces the cached one. */
export function validatorsUpdated(queryClient: QueryClient, collection: number, validators: Validator[]): Promise<unknown> {
  queryClient.setQueryData(collectionValidatorsQueryOptions(collection).queryKey, validators);
  return queryClient.invalidateQueries({ queryKey: collectionStatsQueryOptions(collection).queryKey });
}
