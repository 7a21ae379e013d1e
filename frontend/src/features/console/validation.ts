/** Client-side checks of the space form (spec §5); keys are translated by the form. */
import { colorError, isDomainList, parseDomains } from '@/lib/spaceFields';

export { parseDomains };

export const SUBDOMAIN = /^[a-z](?:[a-z0-9-]*[a-z0-9])?$/;

export interface SpaceFormValues {
  title: string;
  subdomain: string;
  color: string;
  accentColor: string;
  emailDomains: string;
  position: string;
}

export type SpaceFormErrors = Partial<Record<keyof SpaceFormValues, string>>;

export function validateSpaceForm(v: SpaceFormValues): SpaceFormErrors {
  const errors: SpaceFormErrors = {};
  if (!v.title.trim()) errors.title = 'validation.required';
  if (!v.subdomain.trim()) errors.subdomain = 'validation.required';
  else if (!SUBDOMAIN.test(v.subdomain)) errors.subdomain = 'validation.subdomain';
  const color = colorError(v.color, true);
  if (color) errors.color = color;
  const accent = colorError(v.accentColor, false);
  if (accent) errors.accentColor = accent;
  if (!isDomainList(v.emailDomains)) errors.emailDomains = 'validation.domains';
  if (!/^-?\d+$/.test(v.position.trim())) errors.position = 'validation.integer';
  return errors;
}

/** Maps a server `params.field` such as "space.subdomain" to a form field. */
export function fieldFromServer(field: unknown): keyof SpaceFormValues | null {
  if (typeof field !== 'string') return null;
  const name = field.split('.').pop();
  const known: (keyof SpaceFormValues)[] = ['title', 'subdomain', 'color', 'accentColor', 'emailDomains', 'position'];
  return known.find((k) => k === name) ?? null;
}
