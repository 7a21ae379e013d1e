/** Shapes shared by several features; generated from the Go API types (spec §3). */
import type { Profile } from './api-types.gen';

export type { LandingPage, Navigation, Profile, Space } from './api-types.gen';

export const isSignedIn = (profile: Pick<Profile, 'id'> | undefined): boolean => !!profile && profile.id !== 0;

export const displayName = (profile: Pick<Profile, 'firstname' | 'lastname' | 'username'>): string =>
  `${profile.firstname} ${profile.lastname}`.trim() || profile.username;
