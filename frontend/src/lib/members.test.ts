import { describe, expect, it } from 'vitest';
import { filterMembers, sortMembers } from './members';

const people = [
  { firstname: 'Max', lastname: 'Muster', username: 'max.member@kssg.ch' },
  { firstname: 'Anna', lastname: 'Keller', username: 'anna.admin@kssg.ch' },
  { firstname: '', lastname: '', username: 'invited@kssg.ch' },
];

describe('member helpers', () => {
  it('filters by name, full name and e-mail, case-insensitively', () => {
    expect(filterMembers(people, 'KELL').map((p) => p.firstname)).toEqual(['Anna']);
    expect(filterMembers(people, 'max muster')).toHaveLength(1);
    expect(filterMembers(people, 'invited@')).toHaveLength(1);
    expect(filterMembers(people, '  ')).toHaveLength(3);
    expect(filterMembers(people, 'zzz')).toEqual([]);
  });
  it('sorts by display name, falling back to the e-mail', () => {
    expect(sortMembers(people).map((p) => p.username)).toEqual(['anna.admin@kssg.ch', 'invited@kssg.ch', 'max.member@kssg.ch']);
  });
});
