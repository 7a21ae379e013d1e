/** Query keys of the console, to invalidate them after a change. */
export const CONSOLE_QUERY_KEY = ['console'] as const;
export const CONSOLE_SPACES_QUERY_KEY = [...CONSOLE_QUERY_KEY, 'spaces'] as const;
export const CLUSTERS_QUERY_KEY = [...CONSOLE_QUERY_KEY, 'clusters'] as const;
export const SPACE_BY_ID_QUERY_KEY = [...CONSOLE_QUERY_KEY, 'space'] as const;
export const OPERATION_QUERY_KEY = [...CONSOLE_QUERY_KEY, 'operation'] as const;
