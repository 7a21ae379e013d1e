/** What space pickers show and ask the server for. */

/** A space as a picker shows and keeps it. */
export interface SpaceOption {
  id: number;
  title: string;
  subdomain: string;
}

/** A page of the spaces matching a query, and how many match in all. */
export interface SpaceResults {
  spaces: SpaceOption[];
  total: number;
}

/** Spaces per answer of a picker's search: typing narrows the rest. */
export const SPACE_PICKER_PAGE_SIZE = 20;

/** Asks the server for the spaces matching `query`; asks nothing while `enabled` is false. */
export type SpaceSearchHook = (query: string, enabled: boolean) => { data?: SpaceResults; isFetching: boolean; isError: boolean };
