import { apiQuery } from '@/lib/api';
import type { LinkInfo } from '@/lib/api-types.gen';

/** Classifies a link for the table of contents: web, guideline or invalid. */
export const getTocLinkInfo = (link: string) => apiQuery<LinkInfo>('toc', 'linkInfo', { link });
