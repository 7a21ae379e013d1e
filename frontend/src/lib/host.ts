/** Helpers that derive the current space and sibling hosts from a host name. */

export const WWW = 'www';

/** The space subdomain is the first host label when the host has at least three labels; otherwise "" (server default space). */
export function subdomainFromHost(hostname: string): string {
  const labels = hostname.split('.').filter(Boolean);
  return labels.length >= 3 ? labels[0].toLowerCase() : '';
}

/** The parent domain shared by all spaces, e.g. "vademecum.localhost" for "kssg.vademecum.localhost". */
export function baseDomainFromHost(hostname: string): string {
  const labels = hostname.split('.').filter(Boolean);
  return labels.length >= 3 ? labels.slice(1).join('.') : labels.join('.');
}

interface LocationLike {
  protocol: string;
  hostname: string;
  port: string;
}

/**
 * On a space's custom domain (richtlinien.kssg.ch) the host names no space: the server names the
 * space and the base domain in meta tags of the page instead.
 */
const servedMeta = (name: string): string => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';

/** Absolute URL of the root page of a space (or of the landing site for "www"). */
export function spaceUrl(subdomain: string, loc: LocationLike = window.location): string {
  const base = servedMeta('vademecum-base-domain') || baseDomainFromHost(loc.hostname);
  const port = loc.port ? `:${loc.port}` : '';
  return `${loc.protocol}//${subdomain}.${base}${port}/`;
}

/** The current space's subdomain: named by the page on a custom domain, else by the host. */
export function currentSubdomain(): string {
  return servedMeta('vademecum-space') || subdomainFromHost(window.location.hostname);
}
