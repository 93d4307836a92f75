import type { PermissionEntry } from '@cellsight/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPermissions, hasPermission, setPermissions, useHasPermission } from './permissions';
import { session } from './session';

const entry = (action: string, overrides: Partial<PermissionEntry> = {}): PermissionEntry => ({ action, type: '1', describe: action, ...overrides });

afterEach(() => clearPermissions());

describe('hasPermission', () => {
  it('shows an element whose action is in the user list', () => {
    const lists = { auth: [entry('system:user:add')], allAuth: [entry('system:user:add', { status: '1' })] };
    expect(hasPermission('system:user:add', lists)).toBe(true);
    expect(hasPermission('system:user:delete', lists)).toBe(false);
  });

  it('splits comma-separated actions, on both the guard and the entries', () => {
    const lists = { auth: [entry('system:user:edit,system:user:frozen')], allAuth: [] };
    expect(hasPermission('system:user:delete, system:user:frozen', lists)).toBe(true);
    expect(hasPermission('system:user:edit', lists)).toBe(true);
    expect(hasPermission('system:user:delete,system:user:add', lists)).toBe(false);
  });

  it('ignores type 2 (disable) entries and rules switched off system-wide', () => {
    expect(hasPermission('a', { auth: [entry('a', { type: '2' })], allAuth: [] })).toBe(false);
    expect(hasPermission('a', { auth: [entry('a')], allAuth: [entry('a', { status: '0' })] })).toBe(false);
  });

  it('lets an empty guard through and denies everything without lists', () => {
    expect(hasPermission('', { auth: [], allAuth: [] })).toBe(true);
    expect(hasPermission('a', { auth: [], allAuth: [] })).toBe(false);
  });
});

describe('permission store', () => {
  it('lets useHasPermission follow changes of the lists', () => {
    function AddButton() {
      return useHasPermission('system:user:add') ? <button type="button">Add</button> : <span>no</span>;
    }
    render(<AddButton />);
    expect(screen.getByText('no')).toBeInTheDocument();
    act(() => setPermissions({ auth: [entry('system:user:add')], allAuth: [] }));
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });

  it('forgets the lists when the session ends', () => {
    setPermissions({ auth: [entry('a')], allAuth: [] });
    session.clear();
    expect(hasPermission('a')).toBe(false);
  });
});
