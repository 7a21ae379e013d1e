import { describe, expect, it } from 'vitest';
import type { SharedCollection } from '@/lib/api-types.gen';
import { incomingShare, shareBlock } from './sharing';

const share = (id: number, toSpaceId: number, active = false) => ({ id, toSpaceId, toSpaceTitle: '', active, title: '', fromSpaceTitle: '' });
const collection = (shares: ReturnType<typeof share>[]): SharedCollection => ({ id: 7, spaceId: 1, spaceTitle: 'Kssg', title: 'Notfall', visibility: 'public', shares });

describe('shareBlock', () => {
  it('refuses this space and the spaces the collection is offered to already', () => {
    const offered = collection([share(1, 2)]);
    expect(shareBlock(1, 1, offered)).toBe('ownSpace');
    expect(shareBlock(2, 1, offered)).toBe('alreadyOffered');
    expect(shareBlock(3, 1, offered)).toBeUndefined();
  });
  it('refuses only this space before a collection is chosen', () => {
    expect(shareBlock(1, 1, undefined)).toBe('ownSpace');
    expect(shareBlock(2, 1, undefined)).toBeUndefined();
  });
});

describe('incomingShare', () => {
  it('picks the offer to this space', () => {
    expect(incomingShare(collection([share(1, 2), share(2, 3, true)]), 3)?.id).toBe(2);
    expect(incomingShare(collection([]), 3)).toBeUndefined();
  });
});
