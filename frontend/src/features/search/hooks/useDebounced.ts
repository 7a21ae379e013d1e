import { useEffect, useState } from 'react';

/** Search debounce of spec §9. */
export const SUGGEST_DEBOUNCE_MS = 50;

/** The value once it has stayed unchanged for `delay` ms. */
export function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
