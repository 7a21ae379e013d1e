import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { AcknowledgementsLanguageRequest as AcknowledgementsRequest } from '@/lib/api-types.gen';

/** Who acknowledged the published version of a guideline language, with the requirement. */
export const getAcknowledgements = (req: AcknowledgementsRequest) =>
  apiQuery('admin/collectionadmin/query/acknowledgements', req);

export const acknowledgementsQueryOptions = (req: AcknowledgementsRequest) =>
  queryOptions({ queryKey: ['acknowledgements', 'report', req.guideline, req.language], queryFn: () => getAcknowledgements(req) });

export const useAcknowledgements = (req: AcknowledgementsRequest) => useQuery(acknowledgementsQueryOptions(req));
