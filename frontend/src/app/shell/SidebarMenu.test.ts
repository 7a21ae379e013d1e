import { describe, expect, it } from 'vitest';
import type { Navigation } from '@/lib/types';
import { menuEntries } from './SidebarMenu';

const nav = (over: Partial<Navigation>): Navigation => ({
  dashboard: false,
  superAdmin: false,
  spaceAdmin: false,
  collectionAdmin: false,
  validator: false,
  spaceMember: false,
  dashboardTasks: 0,
  spaceAdminTasks: 0,
  collectionAdminTasks: 0,
  validatorTasks: 0,
  spaceMemberTasks: 0,
  ...over,
});

describe('menuEntries', () => {
  it('shows My Spaces and My Collections by capability with task counts', () => {
    expect(menuEntries(nav({})).map((e) => e.to)).toEqual(['/']);
    const entries = menuEntries(nav({ spaceAdmin: true, collectionAdmin: true, spaceAdminTasks: 3 }));
    expect(entries.map((e) => [e.to, e.tasks])).toEqual([
      ['/', 0],
      ['/spaces', 3],
      ['/collections', 0],
    ]);
  });

  it('adds Dashboard, My Validations and My Guidelines with their task badges in the order of the spec', () => {
    const entries = menuEntries(
      nav({ dashboard: true, spaceMember: true, validator: true, superAdmin: true, spaceAdmin: true, collectionAdmin: true, dashboardTasks: 5, validatorTasks: 2, spaceMemberTasks: 1, spaceAdminTasks: 2 }),
    );
    expect(entries.map((e) => [e.to, e.tasks])).toEqual([
      ['/', 0],
      ['/dashboard', 5],
      ['/admin', 0],
      ['/spaces', 2],
      ['/collections', 0],
      ['/validations', 2],
      ['/guidelines', 1],
    ]);
  });
});
