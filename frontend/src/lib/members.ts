/** Helpers for member lists shared by My Spaces and My Collections. */
import { displayName } from './types';

type Person = { firstname: string; lastname: string; username: string };

/** Case-insensitive substring match on first name, last name, full name and e-mail. */
export function matchesMember(member: Person, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  if (!needle) return true;
  return [member.firstname, member.lastname, `${member.firstname} ${member.lastname}`, member.username].some((s) => s.toLowerCase().includes(needle));
}

export function filterMembers<T extends Person>(members: readonly T[], filter: string): T[] {
  return members.filter((m) => matchesMember(m, filter));
}

/** Alphabetical by display name, for a stable list. */
export function sortMembers<T extends Person>(members: readonly T[]): T[] {
  return [...members].sort((a, b) => displayName(a).localeCompare(displayName(b)));
}
