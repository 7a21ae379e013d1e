/** Helpers of the user administration screens. */
import type { User } from '@/lib/api-types.gen';

/** Path of a user's administration page; the username is the primary login e-mail. */
export const userPath = (username: string) => `/admin/user/${encodeURIComponent(username)}`;

/** "Title Firstname Lastname", or the username for accounts without a name (e.g. invited ones). */
export function displayName(user: Pick<User, 'firstname' | 'lastname' | 'title' | 'username'>): string {
  const name = [user.title, user.firstname, user.lastname].filter((s) => s.trim()).join(' ');
  return name || user.username;
}

/** A single address: something@domain.tld without spaces (the server normalises and checks again). */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
