import { apiQuery } from '@/lib/api';

/** Classifies a link for the table of contents: web, guideline or invalid. */
export const getTocLinkInfo = (link: string) => apiQuery('toc/query/linkInfo', { link });
