import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filterMembers, joinMemberPages, MEMBER_PAGE_SIZE, MEMBER_SEARCH_DEBOUNCE_MS, nextMemberOffset, useMemberSearch } from './members';

const people = [
  { firstname: 'Max', lastname: 'Muster', username: 'max.member@kssg.ch' },
  { firstname: 'Anna', lastname: 'Keller', username: 'anna.admin@kssg.ch' },
  { firstname: '', lastname: '', username: 'invited@kssg.ch' },
];

const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i }));

afterEach(() => vi.useRealTimers());

describe('member helpers', () => {
  it('filters by name, full name and e-mail, case-insensitively', () => {
    expect(filterMembers(people, 'KELL').map((p) => p.firstname)).toEqual(['Anna']);
    expect(filterMembers(people, 'max muster')).toHaveLength(1);
    expect(filterMembers(people, 'invited@')).toHaveLength(1);
    expect(filterMembers(people, '  ')).toHaveLength(3);
    expect(filterMembers(people, 'zzz')).toEqual([]);
  });

  it('asks for another page only after a full one, at the number of rows loaded', () => {
    const first = page(1, MEMBER_PAGE_SIZE);
    expect(nextMemberOffset(first, [first])).toBe(MEMBER_PAGE_SIZE);
    const second = page(51, MEMBER_PAGE_SIZE);
    expect(nextMemberOffset(second, [first, second])).toBe(2 * MEMBER_PAGE_SIZE);
    const short = page(101, 3);
    expect(nextMemberOffset(short, [first, second, short])).toBeUndefined();
    expect(nextMemberOffset([], [[]])).toBeUndefined();
  });

  it('joins pages in order and shows a member shifted onto the next page once', () => {
    expect(joinMemberPages([page(1, 3), page(3, 3)]).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(joinMemberPages([])).toEqual([]);
  });

  it('sends the trimmed search once typing pauses', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useMemberSearch());
    act(() => result.current.setText(' kel'));
    act(() => vi.advanceTimersByTime(MEMBER_SEARCH_DEBOUNCE_MS - 1));
    act(() => result.current.setText(' kell '));
    act(() => vi.advanceTimersByTime(MEMBER_SEARCH_DEBOUNCE_MS - 1));
    expect(result.current).toMatchObject({ text: ' kell ', query: '' });
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.query).toBe('kell');
  });
});
