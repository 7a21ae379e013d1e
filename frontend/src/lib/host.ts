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

/** Absolute URL of the root page of a space (or of the landing site for "www"). */
export function spaceUrl(subdomain: string, loc: LocationLike = window.location): string {
  const base = baseDomainFromHost(loc.hostname);
  const port = loc.port ? `:${loc.port}` : '';
  return `${loc.protocol}//${subdomain}.${base}${port}/`;
}

export function currentSubdomain(): string {
  return subdomainFromHost(window.location.hostname);
}
