/** The dashboard's task lists, derived from the lists the server already sends. */
import type { MyGuideline, Validation } from '@/lib/api-types.gen';
import { needsAction } from '@/lib/guidelineStates';

/** How many entries each list shows before linking to the full page. */
export const DASHBOARD_LIST_SIZE = 5;

/** Guideline languages that need their authors: rejected, expiring or expired (as the menu counts them). */
export const guidelinesNeedingAction = (rows: readonly MyGuideline[]): MyGuideline[] => rows.filter((r) => needsAction(r.states));

/** Open requests, unread first, then oldest first (who waited longest comes first). */
export function validationsByUrgency(list: readonly Validation[]): Validation[] {
  return [...list].sort((a, b) => Number(a.read) - Number(b.read) || Date.parse(a.timestampCreated) - Date.parse(b.timestampCreated) || a.revision - b.revision);
}
