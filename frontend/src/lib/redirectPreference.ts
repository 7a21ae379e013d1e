/**
 * The landing page remembers the organisation a user chose last and sends them there next time.
 * The preference must be readable on www although it is also chosen inside a space (organisation
 * dropdown), and localStorage is per origin — so it lives in a cookie on the parent domain, with
 * localStorage as a mirror for hosts where the cookie cannot be scoped.
 */
import { baseDomainFromHost, WWW } from './host';
import { readCookie } from './language';

export const REDIRECT_KEY = 'vademecum.redirectSpace';
const COOKIE = 'vademecum_space';

function cookieDomain(): string {
  const base = baseDomainFromHost(window.location.hostname);
  return base.includes('.') ? `; domain=${base}` : '';
}

export function storeRedirectSpace(subdomain: string): void {
  document.cookie = `${COOKIE}=${encodeURIComponent(subdomain)}; path=/${cookieDomain()}; max-age=31536000; SameSite=Lax`;
  try {
    localStorage.setItem(REDIRECT_KEY, subdomain);
  } catch {
    // storage may be unavailable (private mode); the cookie is enough
  }
}

export function readRedirectSpace(): string {
  const fromCookie = readCookie(COOKIE);
  if (fromCookie) return fromCookie;
  try {
    return localStorage.getItem(REDIRECT_KEY) ?? '';
  } catch {
    return '';
  }
}

export function clearRedirectSpace(): void {
  document.cookie = `${COOKIE}=; path=/${cookieDomain()}; max-age=0; SameSite=Lax`;
  try {
    localStorage.removeItem(REDIRECT_KEY);
  } catch {
    // ignore
  }
}

export type RedirectDecision = { kind: 'none' } | { kind: 'clear' } | { kind: 'redirect'; subdomain: string };

/**
 * reset=true clears the preference; otherwise a stored space other than www is followed,
 * except when the landing page has to show that the e-mail address is not verified yet.
 */
export function decideRedirect(search: string, stored: string): RedirectDecision {
  const params = new URLSearchParams(search);
  if (params.get('reset') === 'true') return { kind: 'clear' };
  if (params.has('emailNotVerified')) return { kind: 'none' };
  const subdomain = stored.trim().toLowerCase();
  if (!subdomain || subdomain === WWW) return { kind: 'none' };
  return { kind: 'redirect', subdomain };
}
