/** Form rules of an identity provider in Space Administration; message keys are translated by the form. */
import type { Provider as IdentityProvider, ProviderInput as IdentityProviderInput } from '@/lib/api-types.gen';
import { isDomainList, parseDomains } from '@/lib/spaceFields';

export interface ProviderDraft {
  label: string;
  issuer: string;
  clientId: string;
  /** a new secret or reference (env:NAME, file:NAME); empty keeps the stored one */
  clientSecret: string;
  clearClientSecret: boolean;
  /** comma-separated */
  emailDomains: string;
  spaces: number[];
  enabled: boolean;
}

export type ProviderField = 'label' | 'issuer' | 'clientId' | 'clientSecret' | 'emailDomains' | 'spaces';
export type ProviderErrors = Partial<Record<ProviderField, string>>;

export const MAX_LABEL = 100;
export const MAX_ISSUER = 500;
export const MAX_CLIENT_ID = 255;

export function draftFrom(p: IdentityProvider | null): ProviderDraft {
  return {
    label: p?.label ?? '',
    issuer: p?.issuer ?? '',
    clientId: p?.clientId ?? '',
    clientSecret: '',
    clearClientSecret: false,
    emailDomains: p?.emailDomains.join(', ') ?? '',
    spaces: p?.spaces ?? [],
    enabled: p?.enabled ?? true,
  };
}

const LOOPBACK = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** An issuer OpenID Connect accepts: HTTPS without query or fragment; plain HTTP only on this machine. */
export function isIssuer(value: string): boolean {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return false;
  }
  if (u.search || u.hash || value.endsWith('?') || value.endsWith('#') || u.username || u.password) return false;
  return u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.test(u.hostname));
}

export function validateDraft(d: ProviderDraft): ProviderErrors {
  const errors: ProviderErrors = {};
  if (!d.label.trim()) errors.label = 'validation.required';
  if (!d.issuer.trim()) errors.issuer = 'validation.required';
  else if (!isIssuer(d.issuer.trim())) errors.issuer = 'identityProvider.invalidIssuer';
  if (!d.clientId.trim()) errors.clientId = 'validation.required';
  if (parseDomains(d.emailDomains).length === 0) errors.emailDomains = 'validation.required';
  else if (!isDomainList(d.emailDomains)) errors.emailDomains = 'validation.domains';
  return errors;
}

export function toInput(d: ProviderDraft, id?: number): IdentityProviderInput {
  return {
    ...(id !== undefined ? { id } : {}),
    label: d.label.trim(),
    issuer: d.issuer.trim(),
    clientId: d.clientId.trim(),
    clientSecret: d.clearClientSecret ? '' : d.clientSecret.trim(),
    clearClientSecret: d.clearClientSecret,
    emailDomains: parseDomains(d.emailDomains),
    spaces: d.spaces,
    enabled: d.enabled,
  };
}

/** Maps a server `params.field` such as "provider.issuer" to a form field. */
export function fieldFromServer(field: unknown): ProviderField | null {
  if (typeof field !== 'string' || !field.startsWith('provider.')) return null;
  const name = field.slice('provider.'.length);
  const known: ProviderField[] = ['label', 'issuer', 'clientId', 'clientSecret', 'emailDomains', 'spaces'];
  return known.find((k) => k === name) ?? null;
}
