import { useEffect, useState } from 'react';

/** Wait after typing before asking the server, as the search box does (spec §9). */
export const SEARCH_DEBOUNCE_MS = 50;

/** `value` once it has not changed for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
