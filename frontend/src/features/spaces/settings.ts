/** Pure state of the space admin's settings form (spec §5 rules shared with the super admin's editor). */
import type { SpaceInput } from '@/lib/api-types.gen';
import { colorError, isDomainList, parseDomains } from '@/lib/spaceFields';
import { DEFAULT_ACCENT, DEFAULT_PRIMARY } from '@/lib/theme';
import type { Space } from '@/lib/types';

export const TITLE_MAX = 200;

export interface SettingsValues {
  title: string;
  color: string;
  accentColor: string;
  emailDomains: string;
}

export type SettingsField = keyof SettingsValues;
export type SettingsErrors = Partial<Record<SettingsField, string>>;

export function settingsFrom(space: Space): SettingsValues {
  return {
    title: space.title,
    color: space.color || DEFAULT_PRIMARY,
    accentColor: space.accentColor || DEFAULT_ACCENT,
    emailDomains: space.emailDomains.join(', '),
  };
}

/** Message keys by field; empty when the form may be sent. */
export function validateSettings(v: SettingsValues): SettingsErrors {
  const errors: SettingsErrors = {};
  if (!v.title.trim()) errors.title = 'validation.required';
  const color = colorError(v.color, true);
  if (color) errors.color = color;
  const accent = colorError(v.accentColor, false);
  if (accent) errors.accentColor = accent;
  if (!isDomainList(v.emailDomains)) errors.emailDomains = 'validation.domains';
  return errors;
}

/**
 * The updateSpace body: the fields a space admin may not change are sent as they are (the
 * server keeps them anyway for space admins, and a super admin saving here must not change them).
 * logo/icon: undefined = keep (omitted), "" = remove, data URL = replace. selfSignup lets people of
 * the e-mail domains create an account on the space's site.
 */
export function settingsInput(
  space: Space,
  v: SettingsValues,
  images: { logo?: string; icon?: string } = {},
  switches: { selfSignup: boolean; adminsNeedSecondFactor: boolean } = space,
): SpaceInput {
  return {
    id: space.id,
    title: v.title.trim(),
    subdomain: space.subdomain,
    color: v.color,
    accentColor: v.accentColor,
    emailDomains: parseDomains(v.emailDomains),
    lpvisible: space.lpvisible,
    national: space.national,
    public: space.public,
    position: space.position,
    selfSignup: switches.selfSignup,
    adminsNeedSecondFactor: switches.adminsNeedSecondFactor,
    ...(images.logo !== undefined ? { logo: images.logo } : {}),
    ...(images.icon !== undefined ? { icon: images.icon } : {}),
  };
}

/** True when the form differs from the saved space. */
export function settingsChanged(space: Space, v: SettingsValues): boolean {
  const saved = settingsFrom(space);
  return (
    v.title.trim() !== saved.title ||
    v.color.toLowerCase() !== saved.color.toLowerCase() ||
    v.accentColor.toLowerCase() !== saved.accentColor.toLowerCase() ||
    parseDomains(v.emailDomains).join() !== space.emailDomains.join()
  );
}

/** Maps a server `params.field` such as "space.accentColor" to a form field. */
export function settingsFieldFromServer(field: unknown): SettingsField | null {
  if (typeof field !== 'string') return null;
  const name = field.split('.').pop();
  const known: SettingsField[] = ['title', 'color', 'accentColor', 'emailDomains'];
  return known.find((k) => k === name) ?? null;
}
