/** Shapes shared by several features; generated from the Go API types (spec §3). */
import type { AddedMember as GeneratedAddedMember, CollectionsCollection as GeneratedCollection, Profile } from './api-types.gen';

export type { LandingPage, Navigation, Profile, Space } from './api-types.gen';

export const isSignedIn = (profile: Pick<Profile, 'id'> | undefined): boolean => !!profile && profile.id !== 0;

export const displayName = (profile: Pick<Profile, 'firstname' | 'lastname' | 'username'>): string =>
  `${profile.firstname} ${profile.lastname}`.trim() || profile.username;

// Organisation shapes (spec §3), generated from the Go API types. Visibility and operation are
// plain strings in Go; the UI narrows them to the values the server validates and emits.
export type { CollectionCount as CollectionListItem, CollectionStats, Member, MemberStats, SpaceStats, Validator } from './api-types.gen';

export type Visibility = 'private' | 'protected' | 'public';
export const VISIBILITIES: readonly Visibility[] = ['private', 'protected', 'public'];
export const isVisibility = (v: string): v is Visibility => (VISIBILITIES as readonly string[]).includes(v);

export type Collection = Omit<GeneratedCollection, 'visibility'> & { visibility: Visibility };

export type AddedMember = Omit<GeneratedAddedMember, 'operation'> & { operation: 'added' | 'alreadyMember' | 'invited' };
