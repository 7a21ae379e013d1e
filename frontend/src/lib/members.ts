/** Helpers for member lists shared by My Spaces and My Collections. */
import { useEffect, useState } from 'react';

type Person = { firstname: string; lastname: string; username: string };

/** Case-insensitive substring match on first name, last name, full name and e-mail. */
export function matchesMember(member: Person, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  if (!needle) return true;
  return [member.firstname, member.lastname, `${member.firstname} ${member.lastname}`, member.username].some((s) => s.toLowerCase().includes(needle));
}

/** Local filter for the short lists the server sends whole (validators); member lists search on the server. */
export function filterMembers<T extends Person>(members: readonly T[], filter: string): T[] {
  return members.filter((m) => matchesMember(m, filter));
}

/** Members per request of the server-paged member lists (the server allows up to 1000). */
export const MEMBER_PAGE_SIZE = 50;

/** Pause in typing after which a member search is sent to the server. */
export const MEMBER_SEARCH_DEBOUNCE_MS = 250;

/**
 * Offset of the next page for `getNextPageParam`: a full last page may have a successor, a
 * shorter one was the end of the list.
 */
export function nextMemberOffset(lastPage: readonly unknown[], pages: readonly (readonly unknown[])[]): number | undefined {
  if (lastPage.length < MEMBER_PAGE_SIZE) return undefined;
  return pages.reduce((n, page) => n + page.length, 0);
}

/**
 * The loaded pages as one list. A member added between two page loads shifts the window, so a
 * row can arrive twice; it is shown once.
 */
export function joinMemberPages<T extends { id: number }>(pages: readonly (readonly T[])[]): T[] {
  const seen = new Set<number>();
  const out: T[] = [];
  for (const page of pages) {
    for (const m of page) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out;
}

/** Text of a member search box and the trimmed query sent to the server once typing pauses. */
export function useMemberSearch(delay = MEMBER_SEARCH_DEBOUNCE_MS) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), delay);
    return () => window.clearTimeout(timer);
  }, [text, delay]);
  return { text, setText, query };
}
