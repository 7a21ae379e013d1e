/** Field rules of a space shared by the super admin's space editor and the space admin's settings (spec §5). */
import { isHexColor } from './theme';

/** Lower-case domain name with at least two labels, as the server accepts it. */
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/;

/** Splits a comma-separated list of e-mail domains, dropping blanks. */
export function parseDomains(text: string): string[] {
  return text
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
}

/** True when every entry of the comma-separated list is a lower-case domain name (an empty list is fine). */
export const isDomainList = (text: string): boolean => parseDomains(text).every((d) => DOMAIN.test(d) && d.length <= 253);

/** Message key for a colour field: required when `required`, otherwise empty is allowed. */
export function colorError(value: string, required: boolean): string | undefined {
  if (!value.trim()) return required ? 'validation.required' : undefined;
  return isHexColor(value) ? undefined : 'validation.hexColor';
}
