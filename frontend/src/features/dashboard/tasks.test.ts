import { describe, expect, it } from 'vitest';
import type { MyGuideline, Validation } from '@/lib/api-types.gen';
import { guidelinesNeedingAction, validationsByUrgency } from './tasks';

const row = (id: number, states: string[]) => ({ id, states }) as Pick<MyGuideline, 'id' | 'states'> as MyGuideline;
const req = (revision: number, read: boolean, created: string) => ({ revision, read, timestampCreated: created }) as Pick<Validation, 'revision' | 'read' | 'timestampCreated'> as Validation;

describe('dashboard tasks', () => {
  it('lists the guideline languages that are rejected, expiring or expired', () => {
    const rows = [row(1, ['accepted', 'online']), row(2, ['rejected', 'neverPublished']), row(3, ['accepted', 'expiring', 'online']), row(4, ['expired', 'offline'])];
    expect(guidelinesNeedingAction(rows).map((r) => r.id)).toEqual([2, 3, 4]);
  });

  it('puts unread requests first, then the longest waiting', () => {
    const list = [req(1, true, '2026-01-01T00:00:00Z'), req(2, false, '2026-03-01T00:00:00Z'), req(3, false, '2026-02-01T00:00:00Z')];
    expect(validationsByUrgency(list).map((v) => v.revision)).toEqual([3, 2, 1]);
  });
});
