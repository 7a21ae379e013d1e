import { describe, expect, it } from 'vitest';
import type { ConsoleSpace } from '../types';
import { allowedActions } from './SpaceActionsMenu';

const space = (extra: Partial<ConsoleSpace> = {}): ConsoleSpace => ({
  id: 1,
  subdomain: 's',
  title: 'S',
  status: 'active',
  cluster: 'default',
  placement: 'schema',
  schemaVersion: 9,
  rows: 0,
  bytes: 0,
  members: 0,
  lastActivity: null,
  operation: null,
  ...extra,
});

describe('allowedActions', () => {
  it('follows the state of the space', () => {
    expect(allowedActions(space(), 9)).toEqual(['edit', 'suspend', 'move', 'delete']);
    expect(allowedActions(space(), 10)).toEqual(['edit', 'suspend', 'move', 'migrate', 'delete']);
    expect(allowedActions(space({ status: 'suspended' }), 10)).toEqual(['edit', 'resume', 'migrate', 'delete']);
    expect(allowedActions(space({ status: 'moving' }), 10)).toEqual(['edit']);
    expect(allowedActions(space({ status: 'deleting' }), 9)).toEqual([]);
    expect(allowedActions(space({ status: 'restoring' }), 9)).toEqual([]);
  });

  it('offers nothing that would clash with an unfinished operation', () => {
    const running = { id: 1, spaceId: 1, kind: 'migrate', state: 'running', step: '', stepParams: {}, progress: 0, createdAt: '' } as const;
    expect(allowedActions(space({ operation: running }), 10)).toEqual(['edit']);
    expect(allowedActions(space({ operation: { ...running, state: 'failed' } }), 10)).toEqual(['edit', 'suspend', 'move', 'migrate', 'delete']);
  });
});
