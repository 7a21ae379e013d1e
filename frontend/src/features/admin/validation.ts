/** Client-side checks of the space form (spec §5); keys are translated by the form. */

export const SUBDOMAIN = /^[a-z](?:[a-z0-9-]*[a-z0-9])?$/;
const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/;

export interface SpaceFormValues {
  title: string;
  subdomain: string;
  color: string;
  accentColor: string;
  emailDomains: string;
  position: string;
}

export type SpaceFormErrors = Partial<Record<keyof SpaceFormValues, string>>;

export function parseDomains(text: string): string[] {
  return text
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
}

export function validateSpaceForm(v: SpaceFormValues): SpaceFormErrors {
  const errors: SpaceFormErrors = {};
  if (!v.title.trim()) errors.title = 'validation.required';
  if (!v.subdomain.trim()) errors.subdomain = 'validation.required';
  else if (!SUBDOMAIN.test(v.subdomain)) errors.subdomain = 'validation.subdomain';
  if (!v.color.trim()) errors.color = 'validation.required';
  else if (!HEX.test(v.color)) errors.color = 'validation.hexColor';
  if (v.accentColor.trim() && !HEX.test(v.accentColor)) errors.accentColor = 'validation.hexColor';
  if (!parseDomains(v.emailDomains).every((d) => DOMAIN.test(d))) errors.emailDomains = 'validation.domains';
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
