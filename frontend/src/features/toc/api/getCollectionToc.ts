import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { CollectionKey } from '../tree';

/** The table of contents of a collection as the caller may read it; `space` names the space of a shared collection. */
export const getCollectionToc = (c: CollectionKey, shared: boolean) =>
  apiQuery('reader/query/collectionToc', shared ? { collectionId: c.collectionId, space: c.spaceId } : { collectionId: c.collectionId });

export const collectionTocQueryOptions = (c: CollectionKey, shared: boolean) =>
  queryOptions({ queryKey: ['toc', 'collectionToc', c.spaceId, c.collectionId], queryFn: () => getCollectionToc(c, shared) });

export const useCollectionToc = (c: CollectionKey | null, shared: boolean) =>
  useQuery({ ...collectionTocQueryOptions(c ?? { spaceId: 0, collectionId: 0 }, shared), enabled: c !== null });
