import type { Space } from '@/lib/types';

/**
 * The space of the site, kept in localStorage once a guideline was read, so that the app shell
 * cached by the service worker can start offline and show the guidelines kept on the device.
 */
const storageKey = (subdomain: string) => `vademecum.offlineSpace.${subdomain}`;

export function keepSpaceForOffline(space: Space): void {
  try {
    localStorage.setItem(storageKey(space.subdomain), JSON.stringify(space));
  } catch {
    // storage full or blocked: the app then needs the network to start
  }
}

/** The kept space of a subdomain, or undefined. */
export function offlineSpace(subdomain: string): Space | undefined {
  try {
    const raw = localStorage.getItem(storageKey(subdomain));
    const space: unknown = raw ? JSON.parse(raw) : undefined;
    return typeof space === 'object' && space !== null && (space as Space).subdomain === subdomain ? (space as Space) : undefined;
  } catch {
    return undefined;
  }
}
